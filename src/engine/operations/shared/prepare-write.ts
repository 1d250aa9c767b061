import { DynamoDBError, validationError } from '../../errors.js';
import {
  conditionFromExpected,
  conditionPaths,
  parseConditionExpression,
  parseUpdateExpression,
  updateFromAttributeUpdates,
  type ConditionNode,
  type UpdateNode,
} from '../../expressions/index.js';
import type { Storage, TableDefinition } from '../../storage/storage.js';
import type { AttributeValue, Item } from '../../values/attribute-value.js';
import { itemSize, maximumItemSize, validateAttributeValue, validateItemValues } from '../../values/index.js';
import { checkExpressionParameters, expressionAttributesOf, type ExpressionMembers } from './expression-parameters.js';
import { assertKeyPathsScalar } from './key-paths.js';
import { keyOf, validateItemKey, validateKey, type ItemKeyWording } from './keys.js';
import type { PreparedWrite } from './write-action.js';

/**
 * How a write is being prepared. `transaction`: key/schema mismatches become the
 * action's cancellation reason instead of an error of the whole request.
 * `itemKeyWording`: batches word an item's key problems as a schema mismatch.
 */
export interface PrepareOptions {
  readonly transaction?: boolean;
  readonly itemKeyWording?: ItemKeyWording;
}

/** The members a write request (or transaction action) may carry. */
export interface WriteRequest extends ExpressionMembers {
  readonly TableName: string;
  readonly Item?: Item;
  readonly Key?: Item;
  readonly ConditionExpression?: string;
  readonly UpdateExpression?: string;
  readonly Expected?: Record<string, LegacyExpected>;
  readonly ConditionalOperator?: 'AND' | 'OR';
  readonly AttributeUpdates?: Record<string, { Action?: string; Value?: AttributeValue }>;
}

interface LegacyExpected {
  Value?: AttributeValue;
  AttributeValueList?: AttributeValue[];
  [member: string]: unknown;
}

// An index key of another scalar type is a problem of the action too; an index key that is
// no scalar at all (a set, a list…) still fails the whole request, as in DynamoDB.
const schemaMismatch =
  /^The provided key element does not match the schema$|Missing the key |Type mismatch for key |Type mismatch for Index Key .* Actual: [SNB] IndexName: /;

/** Runs a key check; in a transaction, a schema mismatch is kept for the cancellation reasons. */
function checkKey(options: PrepareOptions, check: () => void): DynamoDBError | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (options.transaction && error instanceof DynamoDBError && schemaMismatch.test(error.message)) return error;
    throw error;
  }
}

function canonicalExpected(expected: Record<string, LegacyExpected>): Record<string, LegacyExpected> {
  const result: Record<string, LegacyExpected> = {};
  for (const [name, entry] of Object.entries(expected)) {
    result[name] = {
      ...entry,
      ...(entry.Value !== undefined ? { Value: validateAttributeValue(entry.Value) } : {}),
      ...(entry.AttributeValueList !== undefined
        ? { AttributeValueList: entry.AttributeValueList.map((value) => validateAttributeValue(value)) }
        : {}),
    };
  }
  return result;
}

function canonicalAttributeUpdates(
  updates: NonNullable<WriteRequest['AttributeUpdates']>,
): NonNullable<WriteRequest['AttributeUpdates']> {
  const result: NonNullable<WriteRequest['AttributeUpdates']> = {};
  for (const [name, entry] of Object.entries(updates)) {
    result[name] = entry.Value !== undefined ? { ...entry, Value: validateAttributeValue(entry.Value) } : entry;
  }
  return result;
}

/**
 * Parses the condition and update of a request in DynamoDB's order (UpdateExpression,
 * then ConditionExpression), then rejects unused substitutions.
 */
function parseExpressions(
  input: WriteRequest,
  withUpdate: boolean,
): { condition?: ConditionNode; update?: UpdateNode } {
  if (withoutExpressions(input, withUpdate)) return {};
  const attributes = expressionAttributesOf(input);
  let update: UpdateNode | undefined;
  let condition: ConditionNode | undefined;
  if (withUpdate) {
    if (input.UpdateExpression !== undefined) update = parseUpdateExpression(input.UpdateExpression, attributes);
    else if (input.AttributeUpdates !== undefined) {
      update = updateFromAttributeUpdates(canonicalAttributeUpdates(input.AttributeUpdates));
    }
  }
  if (input.ConditionExpression !== undefined) {
    condition = parseConditionExpression(input.ConditionExpression, attributes, 'ConditionExpression');
  } else if (input.Expected !== undefined || input.ConditionalOperator !== undefined) {
    const expected = input.Expected === undefined ? undefined : canonicalExpected(input.Expected);
    condition = conditionFromExpected(expected, input.ConditionalOperator);
  }
  attributes.assertAllUsed();
  return { condition, update };
}

/**
 * A request with no expression, legacy condition or update, nor substitutions, for which
 * parsing finds nothing and checks nothing (most puts and deletes, every batch write).
 */
function withoutExpressions(input: WriteRequest, withUpdate: boolean): boolean {
  return (
    input.ExpressionAttributeNames === undefined &&
    input.ExpressionAttributeValues === undefined &&
    input.ConditionExpression === undefined &&
    input.Expected === undefined &&
    input.ConditionalOperator === undefined &&
    (!withUpdate || (input.UpdateExpression === undefined && input.AttributeUpdates === undefined))
  );
}

/** Only the expression checks of a write request (parse, substitutions used), for callers that order errors across requests. */
export function checkWriteExpressions(input: WriteRequest, withUpdate: boolean): void {
  parseExpressions(input, withUpdate);
}

function readKey(table: TableDefinition, options: PrepareOptions, rawKey: Item): { key: Item; keyError?: DynamoDBError } {
  const key = validateItemValues(rawKey);
  const keyError = checkKey(options, () => validateKey(table, key));
  return { key, keyError };
}

/** PutItem, BatchWriteItem's PutRequest, a transaction's Put. */
export function preparePut(storage: Storage, input: WriteRequest, options: PrepareOptions = {}): PreparedWrite {
  checkExpressionParameters(input, ['ConditionExpression'], ['Expected', 'ConditionalOperator']);
  const table = storage.requireTable(input.TableName);
  const item = validateItemValues(input.Item ?? {});
  const size = itemSize(item);
  if (size > maximumItemSize) throw validationError('Item size has exceeded the maximum allowed size');
  const keyError = checkKey(options, () => validateItemKey(table, item, options.itemKeyWording ?? 'put'));
  const { condition } = parseExpressions(input, false);
  if (condition) assertKeyPathsScalar(table, conditionPaths(condition));
  return { kind: 'Put', tableName: input.TableName, table, key: keyOf(table, item), item, itemSize: size, condition, keyError };
}

/** UpdateItem, a transaction's Update. */
export function prepareUpdate(storage: Storage, input: WriteRequest, options: PrepareOptions = {}): PreparedWrite {
  checkExpressionParameters(input, ['UpdateExpression', 'ConditionExpression'], ['AttributeUpdates', 'Expected', 'ConditionalOperator']);
  const table = storage.requireTable(input.TableName);
  const { key, keyError } = readKey(table, options, input.Key ?? {});
  const { condition, update } = parseExpressions(input, true);
  if (condition) assertKeyPathsScalar(table, conditionPaths(condition));
  // The update's own paths into key attributes are checked when it is applied, after
  // its condition (see `evaluateWrite`).
  return { kind: 'Update', tableName: input.TableName, table, key, update, condition, keyError };
}

/** DeleteItem, BatchWriteItem's DeleteRequest, a transaction's Delete. */
export function prepareDelete(storage: Storage, input: WriteRequest, options: PrepareOptions = {}): PreparedWrite {
  checkExpressionParameters(input, ['ConditionExpression'], ['Expected', 'ConditionalOperator']);
  const table = storage.requireTable(input.TableName);
  const { key, keyError } = readKey(table, options, input.Key ?? {});
  const { condition } = parseExpressions(input, false);
  if (condition) assertKeyPathsScalar(table, conditionPaths(condition));
  return { kind: 'Delete', tableName: input.TableName, table, key, condition, keyError };
}

/** A transaction's ConditionCheck. */
export function prepareConditionCheck(
  storage: Storage,
  input: WriteRequest,
  options: PrepareOptions = {},
): PreparedWrite {
  const table = storage.requireTable(input.TableName);
  const { key, keyError } = readKey(table, options, input.Key ?? {});
  const { condition } = parseExpressions(input, false);
  return { kind: 'ConditionCheck', tableName: input.TableName, table, key, condition, keyError };
}
