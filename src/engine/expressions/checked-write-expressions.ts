import type { ConditionNode, UpdateNode } from './ast.js';
import {
  conditionChecksReadTypesOnly,
  instantiateCondition,
  instantiateUpdateActions,
  type RequestValues,
} from './expression-template.js';
import type { ExpressionMemo } from './expression-memo.js';
import type { SyntaxCondition, SyntaxUpdateAction, SyntaxUpdateClause } from './syntax-tree.js';
import { typeOf, type AttributeValue } from '../values/attribute-value.js';
import { validateAttributeValue } from '../values/index.js';

/**
 * Applications send the same UpdateExpression / ConditionExpression with the same
 * `ExpressionAttributeNames` and the same value keys on every call; only the values change.
 * Everything the expression checks decide (names resolved, paths disjoint, every name and
 * value used, operand types) then depends on the texts, the names, the value keys and the
 * values' types alone (see `conditionChecksReadTypesOnly` for the two checks that read
 * values, whose conditions are not remembered). So a write request that passed every check
 * is remembered, and the next one of the same shape skips the checks: its values are
 * validated as always, then put into the remembered ASTs. A request whose values have other
 * types, or any other difference, takes the full path (which reports any error in
 * DynamoDB's order).
 */

/** The expression members of one write request that has no legacy condition or update member. */
export interface WriteExpressionTexts {
  readonly updateText: string | undefined;
  readonly conditionText: string | undefined;
  readonly names: Readonly<Record<string, string>> | undefined;
  readonly rawValues: Readonly<Record<string, AttributeValue>> | undefined;
}

export interface CheckedWriteExpressions {
  readonly update?: UpdateNode;
  readonly condition?: ConditionNode;
}

/** A write request remembered by {@link rememberCheckedExpressions} (kept in the engine's {@link ExpressionMemo}). */
export interface RememberedShape {
  readonly updateText: string | undefined;
  readonly conditionText: string | undefined;
  /** `[key, name, key, name, …]` in the map's order; `undefined`: no names map. */
  readonly names: readonly string[] | undefined;
  /** `[key, type, key, type, …]` in the map's order (types of the validated values); `undefined`: no values map. */
  readonly values: readonly string[] | undefined;
  readonly updateSyntax: readonly SyntaxUpdateAction[] | undefined;
  readonly updateTemplate: UpdateNode | undefined;
  readonly conditionSyntax: SyntaxCondition | undefined;
  readonly conditionTemplate: ConditionNode | undefined;
}

/**
 * The update and condition of a request of a remembered shape, with this request's values
 * (validated here, with the errors of `expressionAttributesOf`); `undefined` when the
 * request must go through the full checks. Shapes are kept in the engine's `memo`, one
 * per expression text (the update's, else the condition's).
 */
export function reuseCheckedExpressions(
  memo: ExpressionMemo,
  updateText: string | undefined,
  conditionText: string | undefined,
  names: Readonly<Record<string, string>> | undefined,
  rawValues: Readonly<Record<string, AttributeValue>> | undefined,
): CheckedWriteExpressions | undefined {
  // The members one by one rather than a `WriteExpressionTexts`: no object for every request.
  const text = updateText ?? conditionText;
  if (text === undefined) return undefined;
  const shape = memo.writeShapes.get(text);
  if (
    shape === undefined ||
    shape.updateText !== updateText ||
    shape.conditionText !== conditionText ||
    !sameNames(shape.names, names) ||
    !sameValueKeys(shape.values, rawValues)
  ) {
    return undefined;
  }
  const validated = validatedValues(rawValues, shape.values);
  if (validated === undefined) return undefined;
  const values = new ValidatedValues(shape.values ?? [], validated);
  const update =
    shape.updateSyntax && shape.updateTemplate
      ? instantiatedUpdate(shape.updateSyntax, shape.updateTemplate, values)
      : undefined;
  const condition =
    shape.conditionSyntax && shape.conditionTemplate
      ? instantiateCondition(shape.conditionSyntax, shape.conditionTemplate, values)
      : undefined;
  return { update, condition };
}

function instantiatedUpdate(
  syntax: readonly SyntaxUpdateAction[],
  template: UpdateNode,
  values: RequestValues,
): UpdateNode {
  const actions = instantiateUpdateActions(syntax, template.actions, values);
  return actions === template.actions ? template : { actions };
}

/**
 * Remembers a request whose expressions passed every check, with their ASTs as templates.
 * Call only after the full checks succeeded on exactly these members.
 */
export function rememberCheckedExpressions(
  memo: ExpressionMemo,
  request: WriteExpressionTexts,
  checked: CheckedWriteExpressions,
): void {
  const text = request.updateText ?? request.conditionText;
  if (text === undefined || (request.updateText !== undefined) !== (checked.update !== undefined)) return;
  if ((request.conditionText !== undefined) !== (checked.condition !== undefined)) return;
  // The syntax trees the full checks just used (kept by text in the memo).
  const clauses =
    request.updateText === undefined
      ? undefined
      : (memo.syntax('UpdateExpression', request.updateText) as readonly SyntaxUpdateClause[] | undefined);
  const conditionSyntax =
    request.conditionText === undefined
      ? undefined
      : (memo.syntax('ConditionExpression', request.conditionText) as SyntaxCondition | undefined);
  if (request.updateText !== undefined && clauses === undefined) return;
  if (
    request.conditionText !== undefined &&
    (conditionSyntax === undefined || !conditionChecksReadTypesOnly(conditionSyntax))
  )
    return;
  const values = request.rawValues === undefined ? undefined : valueTypesOf(request.rawValues);
  if (request.rawValues !== undefined && values === undefined) return;
  const names = request.names === undefined ? undefined : namesOf(request.names);
  // Attribute names may be 64 KB long: a shape is remembered only with names of a usual size.
  if (names !== undefined && textLength(names) > MAX_REMEMBERED_NAMES_LENGTH) return;
  const updateSyntax = clauses?.flatMap((clause) => clause.actions);
  memo.rememberWriteShape(text, {
    updateText: request.updateText,
    conditionText: request.conditionText,
    names,
    values,
    updateSyntax,
    // Templates keep no value of this request (values may be large, and are never reused).
    updateTemplate:
      updateSyntax && checked.update ? instantiatedUpdate(updateSyntax, checked.update, PLACEHOLDERS) : undefined,
    conditionSyntax,
    conditionTemplate:
      conditionSyntax && checked.condition
        ? instantiateCondition(conditionSyntax, checked.condition, PLACEHOLDERS)
        : undefined,
  });
}

const MAX_REMEMBERED_NAMES_LENGTH = 16 * 1024;

function textLength(texts: readonly string[]): number {
  let length = 0;
  for (const text of texts) length += text.length;
  return length;
}

/** What stands for every value in a remembered template. */
const PLACEHOLDERS: RequestValues = {
  valueOf: (): AttributeValue => ({ NULL: true }),
};

function namesOf(names: Readonly<Record<string, string>>): string[] {
  const flat: string[] = [];
  for (const key in names) if (Object.hasOwn(names, key)) flat.push(key, names[key]);
  return flat;
}

/** `[key, type, …]` of values that validate; `undefined` when one does not (never remembered). */
function valueTypesOf(rawValues: Readonly<Record<string, AttributeValue>>): string[] | undefined {
  const flat: string[] = [];
  try {
    for (const key in rawValues)
      if (Object.hasOwn(rawValues, key)) flat.push(key, typeOf(validateAttributeValue(rawValues[key], key)));
  } catch {
    return undefined;
  }
  return flat;
}

function sameNames(
  remembered: readonly string[] | undefined,
  names: Readonly<Record<string, string>> | undefined,
): boolean {
  if (remembered === undefined || names === undefined) return remembered === undefined && names === undefined;
  let position = 0;
  for (const key in names) {
    if (!Object.hasOwn(names, key)) continue;
    if (position >= remembered.length || remembered[position] !== key || remembered[position + 1] !== names[key])
      return false;
    position += 2;
  }
  return position === remembered.length;
}

function sameValueKeys(
  remembered: readonly string[] | undefined,
  rawValues: Readonly<Record<string, unknown>> | undefined,
): boolean {
  if (remembered === undefined || rawValues === undefined) return remembered === undefined && rawValues === undefined;
  let position = 0;
  for (const key in rawValues) {
    if (!Object.hasOwn(rawValues, key)) continue;
    if (position >= remembered.length || remembered[position] !== key) return false;
    position += 2;
  }
  return position === remembered.length;
}

/**
 * This request's values validated in map order (the order and the errors of the full
 * path), or `undefined` when one has another type than remembered.
 */
function validatedValues(
  rawValues: Readonly<Record<string, AttributeValue>> | undefined,
  remembered: readonly string[] | undefined,
): AttributeValue[] | undefined {
  if (rawValues === undefined || remembered === undefined) return [];
  const values: AttributeValue[] = new Array(remembered.length >> 1);
  let position = 0;
  for (const key in rawValues) {
    if (!Object.hasOwn(rawValues, key)) continue;
    values[position >> 1] = validateAttributeValue(rawValues[key], key);
    position += 2;
  }
  for (let index = 0; index < values.length; index++) {
    if (typeOf(values[index]) !== remembered[2 * index + 1]) return undefined;
  }
  return values;
}

/** A request's validated values, in the order of the remembered `[key, type, …]` (a class: no closure per request). */
class ValidatedValues implements RequestValues {
  constructor(
    private readonly remembered: readonly string[],
    private readonly values: readonly AttributeValue[],
  ) {}

  valueOf(token: string): AttributeValue {
    const remembered = this.remembered;
    for (let position = 0; position < remembered.length; position += 2) {
      if (remembered[position] === token) return this.values[position >> 1];
    }
    // The template's checks resolved every token it holds, so the map has it.
    throw new Error(`expression value ${token} missing from a remembered shape`);
  }
}
