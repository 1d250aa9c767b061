import type { ConditionNode, DocumentPath, UpdateNode } from './ast.js';
import { checkCondition, prepareCondition, type ConditionKind, type PreparedCondition } from './check-condition.js';
import { checkUpdate, prepareUpdate, type PreparedUpdate } from './check-update.js';
import type { ExpressionAttributes } from './expression-attributes.js';
import { checkProjection, prepareProjection, type PreparedProjection } from './projection.js';

/** Prepared expressions kept per kind; past it the oldest text is dropped. */
const MAX_PREPARED_PER_KIND = 500;

/**
 * One engine's prepared expressions: each expression text is parsed and put through the
 * checks that depend on its text alone once (`prepareCondition`, `prepareUpdate`,
 * `prepareProjection`), and kept by kind and text; each request then checks it against
 * its own names and values (`checkCondition`, `checkUpdate`, `checkProjection`), which
 * builds its syntax tree. Applications send the same few texts over and over with other
 * values. Only texts that passed are kept (an invalid one is prepared again, to throw);
 * at most 500 per kind, the oldest dropped first; {@link clear} drops them all. A prepared
 * expression is never changed once made, except for facts its first check establishes
 * (`PreparedCondition.operatorCountChecked`).
 *
 * @example
 * const expressions = new PreparedExpressions();
 * expressions.condition('attribute_exists(pk)', attributes, 'ConditionExpression'); // parsed once per text
 */
export class PreparedExpressions {
  private readonly conditions = new Map<ConditionKind, Map<string, PreparedCondition>>();
  private readonly updates = new Map<string, PreparedUpdate>();
  private readonly projections = new Map<string, PreparedProjection>();

  /** The checked tree of a ConditionExpression, FilterExpression or KeyConditionExpression. */
  condition(text: string, attributes: ExpressionAttributes, kind: ConditionKind): ConditionNode {
    let byText = this.conditions.get(kind);
    if (byText === undefined) {
      byText = new Map();
      this.conditions.set(kind, byText);
    }
    const prepared = byText.get(text) ?? remember(byText, text, prepareCondition(text, kind));
    return checkCondition(prepared, attributes);
  }

  /** The checked tree of an UpdateExpression. */
  update(text: string, attributes: ExpressionAttributes): UpdateNode {
    const prepared = this.updates.get(text) ?? remember(this.updates, text, prepareUpdate(text));
    return checkUpdate(prepared, attributes);
  }

  /** The paths of a ProjectionExpression. */
  projection(text: string, attributes: ExpressionAttributes): DocumentPath[] {
    const prepared = this.projections.get(text) ?? remember(this.projections, text, prepareProjection(text));
    return checkProjection(prepared, attributes);
  }

  /** How many prepared expressions are kept, for tests and diagnostics. */
  get size(): number {
    let size = this.updates.size + this.projections.size;
    for (const byText of this.conditions.values()) size += byText.size;
    return size;
  }

  /** Forgets everything: the next request of any text prepares it again. */
  clear(): void {
    this.conditions.clear();
    this.updates.clear();
    this.projections.clear();
  }
}

function remember<T>(byText: Map<string, T>, text: string, prepared: T): T {
  // A client generating unique texts must not grow memory; the oldest goes first.
  if (byText.size >= MAX_PREPARED_PER_KIND) byText.delete(byText.keys().next().value as string);
  byText.set(text, prepared);
  return prepared;
}
