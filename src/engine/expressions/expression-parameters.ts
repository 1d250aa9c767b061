import { substitutionsWithoutExpression, validationError } from '../errors.js';
import { checkExpressionAttributeMaps, ExpressionAttributes } from './index.js';
import type { AttributeValue } from '../values/attribute-value.js';
import { validateAttributeValue } from '../values/index.js';

/** The members of a request that carry expressions and their substitutions. */
export interface ExpressionMembers {
  readonly ExpressionAttributeNames?: Record<string, string>;
  readonly ExpressionAttributeValues?: Record<string, AttributeValue>;
  readonly [member: string]: unknown;
}

/**
 * The request-level rules on expression parameters that DynamoDB checks before it looks
 * at the table: legacy and expression parameters never mix, and the substitution maps
 * only come with an expression that may use them.
 *
 * @param expressionMembers the operation's expression members, in DynamoDB's order
 *   (e.g. `['UpdateExpression', 'ConditionExpression']`)
 * @param legacyMembers the pre-expression members they replace (e.g. `['AttributeUpdates', 'Expected']`)
 */
export function checkExpressionParameters(
  input: ExpressionMembers,
  expressionMembers: readonly string[],
  legacyMembers: readonly string[],
): void {
  // Most writes carry none of these members: nothing to check, nothing to allocate.
  if (
    input.ExpressionAttributeNames === undefined &&
    input.ExpressionAttributeValues === undefined &&
    !anyPresent(input, legacyMembers)
  ) {
    return;
  }
  // Counting instead of filtering: lists of members are only built for the messages.
  const anyExpression = anyPresent(input, expressionMembers);
  if (anyExpression && anyPresent(input, legacyMembers)) {
    throw validationError(
      'Can not use both expression and non-expression parameters in the same request: ' +
        `Non-expression parameters: {${presentMembers(input, legacyMembers).join(', ')}} Expression parameters: {${presentMembers(input, expressionMembers).join(', ')}}`,
    );
  }
  if (input.ExpressionAttributeNames !== undefined && !anyExpression) {
    throw substitutionsWithoutExpression('ExpressionAttributeNames');
  }
  if (input.ExpressionAttributeValues !== undefined && !anyValueExpressionPresent(input, expressionMembers)) {
    // ProjectionExpression takes names only, so it never justifies values.
    const valueExpressions = expressionMembers.filter((member) => member !== 'ProjectionExpression');
    if (valueExpressions.length > 0) {
      const verb = valueExpressions.length > 1 ? 'are' : 'is';
      throw substitutionsWithoutExpression(
        'ExpressionAttributeValues',
        `${valueExpressions.join(' and ')} ${verb} null`,
      );
    }
  }
}

function presentMembers(input: ExpressionMembers, members: readonly string[]): string[] {
  return members.filter((member) => input[member] !== undefined);
}

/** Whether an expression member that takes values (any but ProjectionExpression) is present. */
function anyValueExpressionPresent(input: ExpressionMembers, expressionMembers: readonly string[]): boolean {
  for (const member of expressionMembers) {
    if (member !== 'ProjectionExpression' && input[member] !== undefined) return true;
  }
  return false;
}

function anyPresent(input: ExpressionMembers, members: readonly string[]): boolean {
  for (const member of members) if (input[member] !== undefined) return true;
  return false;
}

/**
 * The `ExpressionAttributes` of a request: rejects empty maps, validates every `:value`
 * (numbers canonicalized, so `ADD ns :v` with `"1.0"` stores `"1"`).
 */
export function expressionAttributesOf(input: ExpressionMembers): ExpressionAttributes {
  const names = input.ExpressionAttributeNames;
  const rawValues = input.ExpressionAttributeValues;
  // Keys and names first: a bad key wins over a bad value.
  checkExpressionAttributeMaps(names, rawValues);
  let values: Record<string, AttributeValue> | undefined;
  if (rawValues !== undefined) {
    values = {};
    // `for…in` over own keys (checked as `:tokens` above) walks the map without building an entries array.
    for (const name in rawValues) {
      if (Object.hasOwn(rawValues, name)) values[name] = validateAttributeValue(rawValues[name], name);
    }
  }
  return new ExpressionAttributes(names, values, rawValues, true);
}
