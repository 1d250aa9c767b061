import { DynamoDBError, validationError } from '../errors.js';
import {
  conditionFromExpected,
  conditionHasNestedPath,
  conditionPaths,
  updateFromAttributeUpdates,
  type ConditionNode,
  type UpdateNode,
} from '../expressions/index.js';
import type { EngineContext } from '../operations/operation.js';
import type { StoredTableDefinition } from '../storage/storage.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';
import {
  itemSize,
  maximumItemSize,
  validateAttributeValue,
  validateItemValues,
  validateStandaloneValue,
} from '../values/index.js';
import {
  checkExpressionParameters,
  expressionAttributesOf,
  type ExpressionMembers,
} from '../expressions/expression-parameters.js';
import { assertKeyPathsScalar } from '../keys/key-paths.js';
import { keyOf, validateItemKey, validateKey, type ItemKeyWording } from '../keys/table-keys.js';
import type { PreparedWrite } from './write-pipeline.js';

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

/**
 * The key problems a transaction keeps as the action's cancellation reason. An index key of
 * another scalar type is one too; an index key that is no scalar at all (a set, a list…)
 * still fails the whole request, as in DynamoDB.
 */
function isActionKeyProblem(error: DynamoDBError): boolean {
  switch (error.reason) {
    case 'key-schema-mismatch':
    case 'item-key-missing':
    case 'item-key-type-mismatch':
    case 'index-key-type-mismatch':
      return true;
    default:
      return false;
  }
}

// The members each operation checks, in DynamoDB's order; constants, as they are read on every request.
const CONDITION_EXPRESSION_MEMBERS = ['ConditionExpression'];
const CONDITION_LEGACY_MEMBERS = ['Expected', 'ConditionalOperator'];
const UPDATE_EXPRESSION_MEMBERS = ['UpdateExpression', 'ConditionExpression'];
const UPDATE_LEGACY_MEMBERS = ['AttributeUpdates', 'Expected', 'ConditionalOperator'];

/** Key paths must be scalars: checked only when the condition reads a nested path at all. */
function assertConditionKeyPathsScalar(table: StoredTableDefinition, condition: ConditionNode | undefined): void {
  if (condition && conditionHasNestedPath(condition)) assertKeyPathsScalar(table, conditionPaths(condition));
}

/** Runs a key check; in a transaction, a schema mismatch is kept for the cancellation reasons. */
function checkKey(options: PrepareOptions, check: () => void): DynamoDBError | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return keptKeyError(options, error);
  }
}

/** A key check's error kept as the action's cancellation reason in a transaction; thrown otherwise. */
function keptKeyError(options: PrepareOptions, error: unknown): DynamoDBError {
  if (options.transaction && error instanceof DynamoDBError && isActionKeyProblem(error)) return error;
  throw error;
}

function canonicalExpected(expected: Record<string, LegacyExpected>): Record<string, LegacyExpected> {
  const result: Record<string, LegacyExpected> = {};
  for (const [name, entry] of Object.entries(expected)) {
    result[name] = {
      ...entry,
      ...(entry.Value !== undefined ? { Value: validateStandaloneValue(entry.Value) } : {}),
      ...(entry.AttributeValueList !== undefined
        ? { AttributeValueList: entry.AttributeValueList.map((value) => validateStandaloneValue(value)) }
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
 * then ConditionExpression), then rejects unused substitutions. Expressions come from the
 * engine's prepared expressions (each text parsed once).
 */
function parseExpressions(
  context: EngineContext,
  input: WriteRequest,
  withUpdate: boolean,
): { condition?: ConditionNode; update?: UpdateNode } {
  if (withoutExpressions(input, withUpdate)) return {};
  const expressions = context.caches.expressions;
  const attributes = expressionAttributesOf(input);
  let update: UpdateNode | undefined;
  let condition: ConditionNode | undefined;
  if (withUpdate) {
    if (input.UpdateExpression !== undefined) update = expressions.update(input.UpdateExpression, attributes);
    else if (input.AttributeUpdates !== undefined) {
      update = updateFromAttributeUpdates(canonicalAttributeUpdates(input.AttributeUpdates));
    }
  }
  if (input.ConditionExpression !== undefined) {
    condition = expressions.condition(input.ConditionExpression, attributes, 'ConditionExpression');
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
export function checkWriteExpressions(context: EngineContext, input: WriteRequest, withUpdate: boolean): void {
  parseExpressions(context, input, withUpdate);
}

function readKey(
  table: StoredTableDefinition,
  options: PrepareOptions,
  rawKey: Item,
): { key: Item; keyError?: DynamoDBError } {
  const key = validateItemValues(rawKey);
  // `validateKey` called in place, not through `checkKey`: no closure for every keyed write.
  try {
    validateKey(table, key);
    return { key, keyError: undefined };
  } catch (error) {
    return { key, keyError: keptKeyError(options, error) };
  }
}

/** PutItem, BatchWriteItem's PutRequest, a transaction's Put. */
export function preparePut(context: EngineContext, input: WriteRequest, options: PrepareOptions = {}): PreparedWrite {
  checkExpressionParameters(input, CONDITION_EXPRESSION_MEMBERS, CONDITION_LEGACY_MEMBERS);
  const table = context.storage.requireTable(input.TableName);
  const item = validateItemValues(input.Item ?? {});
  const size = itemSize(item);
  if (size > maximumItemSize) throw validationError('Item size has exceeded the maximum allowed size');
  const keyError = checkKey(options, () => validateItemKey(table, item, options.itemKeyWording ?? 'put'));
  const { condition } = parseExpressions(context, input, false);
  assertConditionKeyPathsScalar(table, condition);
  return {
    kind: 'Put',
    tableName: input.TableName,
    table,
    key: keyOf(table, item),
    item,
    itemSize: size,
    condition,
    keyError,
  };
}

/** UpdateItem, a transaction's Update. */
export function prepareUpdate(
  context: EngineContext,
  input: WriteRequest,
  options: PrepareOptions = {},
): PreparedWrite {
  checkExpressionParameters(input, UPDATE_EXPRESSION_MEMBERS, UPDATE_LEGACY_MEMBERS);
  const table = context.storage.requireTable(input.TableName);
  const { key, keyError } = readKey(table, options, input.Key ?? {});
  const { condition, update } = parseExpressions(context, input, true);
  assertConditionKeyPathsScalar(table, condition);
  // The update's own paths into key attributes are checked when it is applied, after
  // its condition (see `evaluateWrite`).
  return { kind: 'Update', tableName: input.TableName, table, key, update, condition, keyError };
}

/** DeleteItem, BatchWriteItem's DeleteRequest, a transaction's Delete. */
export function prepareDelete(
  context: EngineContext,
  input: WriteRequest,
  options: PrepareOptions = {},
): PreparedWrite {
  checkExpressionParameters(input, CONDITION_EXPRESSION_MEMBERS, CONDITION_LEGACY_MEMBERS);
  const table = context.storage.requireTable(input.TableName);
  const { key, keyError } = readKey(table, options, input.Key ?? {});
  const { condition } = parseExpressions(context, input, false);
  assertConditionKeyPathsScalar(table, condition);
  return { kind: 'Delete', tableName: input.TableName, table, key, condition, keyError };
}

/** A transaction's ConditionCheck. */
export function prepareConditionCheck(
  context: EngineContext,
  input: WriteRequest,
  options: PrepareOptions = {},
): PreparedWrite {
  const table = context.storage.requireTable(input.TableName);
  const { key, keyError } = readKey(table, options, input.Key ?? {});
  const { condition } = parseExpressions(context, input, false);
  return { kind: 'ConditionCheck', tableName: input.TableName, table, key, condition, keyError };
}
