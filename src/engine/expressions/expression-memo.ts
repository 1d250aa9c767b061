import type { RememberedShape } from './checked-write-expressions.js';
import type { ExpressionKind } from './expression-errors.js';
import type { SyntaxCondition, SyntaxUpdateAction, SyntaxUpdateClause } from './syntax-tree.js';
import { UpdateOrderMemo } from './update-evaluation-order.js';

/** Syntax trees kept per expression kind; past it the oldest text is dropped. */
const MAX_TREES_PER_KIND = 500;
/** Write requests remembered by shape (checked-write-expressions.ts); past it the oldest goes. */
const MAX_WRITE_SHAPES = 500;

/**
 * What one engine remembers of the expressions it has seen, so that the work that depends
 * on an expression's text alone is done once per text. Applications send the same few
 * texts over and over with other values. Every part is bounded, and {@link clear} drops
 * them all; each function that takes a memo also works without one (everything is then
 * parsed and checked in full, as tests of the plain path want).
 *
 * - syntax trees, by kind and text: at most 500 per kind, the oldest dropped first. Only
 *   trees of texts that parsed cleanly are kept (an invalid text is parsed again, to throw).
 *   Trees are shared between calls, so nothing may change them (their types are read-only).
 * - the facts the text-only checks established about those trees (structure pass, operator
 *   count, an update's actions): keyed by the tree, so bounded by the trees and gone with them.
 * - checked write shapes (checked-write-expressions.ts): at most 500, the oldest dropped first.
 * - evaluation orders of top-level updates by their names (update-evaluation-order.ts).
 *
 * @example
 * const memo = new ExpressionMemo();
 * parseConditionExpression('attribute_exists(pk)', attributes, 'ConditionExpression', memo);
 * memo.clear(); // the next parse starts afresh
 */
export class ExpressionMemo {
  private trees = new Map<ExpressionKind, Map<string, unknown>>();
  /** Trees that passed the structure pass (check-structure.ts), with the kind they passed as. */
  structurePassed = new WeakMap<object, ExpressionKind>();
  /** Condition trees whose operator count is within the limit (check-condition.ts). */
  operatorCountPassed = new WeakSet<SyntaxCondition>();
  /** Update clauses that passed the text-only checks, with their actions (check-update.ts). */
  updateActions = new WeakMap<readonly SyntaxUpdateClause[], readonly SyntaxUpdateAction[]>();
  /** Write requests whose checks passed, by their update's text, else their condition's. */
  readonly writeShapes = new Map<string, RememberedShape>();
  readonly updateOrder = new UpdateOrderMemo();

  /** The tree of a text of `kind` that parsed cleanly before, if still kept. */
  syntax(kind: ExpressionKind, text: string): unknown {
    return this.trees.get(kind)?.get(text);
  }

  rememberSyntax(kind: ExpressionKind, text: string, tree: unknown): void {
    let byText = this.trees.get(kind);
    if (byText === undefined) {
      byText = new Map();
      this.trees.set(kind, byText);
    }
    // A client generating unique texts must not grow memory; the oldest goes first.
    if (byText.size >= MAX_TREES_PER_KIND) byText.delete(byText.keys().next().value as string);
    byText.set(text, tree);
  }

  rememberWriteShape(text: string, shape: RememberedShape): void {
    const shapes = this.writeShapes;
    if (shapes.size >= MAX_WRITE_SHAPES && !shapes.has(text)) shapes.delete(shapes.keys().next().value as string);
    shapes.set(text, shape);
  }

  /** How many entries the memo holds (trees, write shapes, update orders), for tests and diagnostics. */
  get size(): number {
    let trees = 0;
    for (const byText of this.trees.values()) trees += byText.size;
    return trees + this.writeShapes.size + this.updateOrder.size;
  }

  /** Forgets everything: the next request of any text is parsed and checked in full. */
  clear(): void {
    this.trees = new Map();
    this.structurePassed = new WeakMap();
    this.operatorCountPassed = new WeakSet();
    this.updateActions = new WeakMap();
    this.writeShapes.clear();
    this.updateOrder.clear();
  }
}
