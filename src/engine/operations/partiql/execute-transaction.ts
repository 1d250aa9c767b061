import { executeTransaction as executeTransactionShape } from '../../validation/shapes/partiql-operations.js';
import { itemOfAnswer, type AnswerItem } from '../../answer.js';
import { DynamoDBError, validationError } from '../../errors.js';
import {
  compileCondition,
  compileDelete,
  compilePath,
  compileInsert,
  compileUpdate,
  ExpressionParameters,
  flattenProjection,
  itemKeyOf,
  type Expression,
  type SelectStatement,
  type Statement,
} from '../../partiql/index.js';
import type { AttributeValue } from '../../values/attribute-value.js';
import { defineOperation, type CheckedRequest, type EngineContext, type OperationHandler } from '../operation.js';
import type { CapacityMode } from '../../capacity/capacity-usage.js';
import { transactGetItems } from '../transact/transact-get-items.js';
import { transactWriteItems } from '../transact/transact-write-items.js';
import { parsedStatementOf } from './run-statement.js';

interface TransactStatement {
  readonly Statement: string;
  readonly Parameters?: AttributeValue[];
  readonly ReturnValuesOnConditionCheckFailure?: string;
}

const SELECT_NEEDS_KEY =
  'Select statements within ExecuteTransaction must specify the primary key in the where clause.';

/** ExecuteTransaction's request. */
export interface ExecuteTransactionRequest {
  readonly TransactStatements: readonly TransactStatement[];
  readonly ClientRequestToken?: string;
  readonly ReturnConsumedCapacity?: CapacityMode;
}

/**
 * ExecuteTransaction: all SELECTs run as one TransactGetItems, all writes (and
 * `EXISTS(SELECT …)` condition checks) as one TransactWriteItems, with its idempotency,
 * conflicts and cancellation reasons.
 */
export const executeTransaction: OperationHandler<ExecuteTransactionRequest> = (context, input) => {
  const entries = input.TransactStatements as TransactStatement[];
  const statements = entries.map((entry) => parsedStatementOf(context, entry.Statement, entry.Parameters).statement);
  const reads = statements.filter((statement) => statement.kind === 'select').length;
  if (reads > 0 && reads < statements.length) {
    throw validationError(
      'ExecuteTransaction API does not support both read and write operations in the same request.',
    );
  }
  const capacity =
    input.ReturnConsumedCapacity === undefined ? {} : { ReturnConsumedCapacity: input.ReturnConsumedCapacity };
  if (reads > 0) {
    const items = statements.map((statement, index) => ({
      Get: getOf(context, statement as SelectStatement, entries[index] as TransactStatement, index),
    }));
    const output = transactGetItems(context, { TransactItems: items, ...capacity } as CheckedRequest);
    const responses = (output.Responses as { Item?: AnswerItem }[]).map((response, index) => {
      const projection = (statements[index] as SelectStatement).projection;
      if (response.Item === undefined || projection === undefined || !projection.some((path) => path.steps.length > 0))
        return response;
      return { Item: flattenProjection(itemOfAnswer(response.Item), projection) };
    });
    return {
      Responses: responses,
      ...(output.ConsumedCapacity === undefined ? {} : { ConsumedCapacity: output.ConsumedCapacity }),
    };
  }
  const items = statements.map((statement, index) =>
    writeOf(context, statement, entries[index] as TransactStatement, index),
  );
  const token = input.ClientRequestToken === undefined ? {} : { ClientRequestToken: input.ClientRequestToken };
  let output: Record<string, unknown>;
  try {
    output = transactWriteItems(context, { TransactItems: items, ...capacity, ...token });
  } catch (error) {
    throw duplicateInsertReasons(error, statements);
  }
  return {
    Responses: [],
    ...(output.ConsumedCapacity === undefined ? {} : { ConsumedCapacity: output.ConsumedCapacity }),
  };
};

/** A per-statement problem, as DynamoDB words it: `Validation failed in TransactStatements[i]: …`. */
function inStatement<T>(index: number, compile: () => T): T {
  try {
    return compile();
  } catch (error) {
    if (error instanceof DynamoDBError && error.type === 'ValidationException') {
      throw validationError(`Validation failed in TransactStatements[${index}]: ${error.message}`);
    }
    throw error;
  }
}

function getOf(
  context: EngineContext,
  select: SelectStatement,
  entry: TransactStatement,
  index: number,
): Record<string, unknown> {
  const table = context.storage.requireTable(select.source.table);
  return inStatement(index, () => {
    if (select.source.index !== undefined)
      throw validationError('Reads on indices are not supported within transactions.');
    const parameters = entry.Parameters ?? [];
    let key: ReturnType<typeof itemKeyOf>;
    try {
      key = itemKeyOf(select.where, table, parameters);
    } catch {
      throw validationError(SELECT_NEEDS_KEY);
    }
    if (key.rest.length > 0) throw validationError(SELECT_NEEDS_KEY);
    const get: Record<string, unknown> = { TableName: table.name, Key: key.key };
    // Nested paths are flattened from the whole item, as ExecuteStatement does (run-statement.ts).
    if (select.projection?.every((path) => path.steps.length === 0)) {
      const names = new ExpressionParameters(parameters);
      get.ProjectionExpression = select.projection.map((path) => compilePath(path, names)).join(', ');
      get.ExpressionAttributeNames = names.names;
    }
    return get;
  });
}

function writeOf(
  context: EngineContext,
  statement: Statement,
  entry: TransactStatement,
  index: number,
): Record<string, unknown> {
  if (statement.kind === 'select') throw validationError('Unsupported operation in transaction.');
  const table = context.storage.requireTable(statement.source.table);
  const parameters = entry.Parameters ?? [];
  const failure =
    entry.ReturnValuesOnConditionCheckFailure === undefined
      ? {}
      : { ReturnValuesOnConditionCheckFailure: entry.ReturnValuesOnConditionCheckFailure };
  return inStatement(index, () => {
    if (statement.kind === 'exists')
      return { ConditionCheck: { ...conditionCheckOf(statement.select, table, parameters), ...failure } };
    if (statement.kind === 'insert')
      return { Put: { ...compileInsert(statement, table, parameters).input, ...failure } };
    if (statement.kind === 'update') {
      if (statement.returning !== undefined)
        throw validationError('RETURNING clause is not supported in ExecuteTransaction.');
      return { Update: { ...compileUpdate(statement, table, parameters).input, ...failure } };
    }
    if (statement.returning !== undefined)
      throw validationError('RETURNING clause is not supported in ExecuteTransaction.');
    return { Delete: { ...compileDelete(statement, table, parameters).input, ...failure } };
  });
}

/** `EXISTS(SELECT … WHERE <full key> AND <condition>)` as a ConditionCheck of that item. */
function conditionCheckOf(
  select: SelectStatement,
  table: Parameters<typeof itemKeyOf>[1],
  parameters: readonly AttributeValue[],
): Record<string, unknown> {
  const { key, rest } = itemKeyOf(select.where, table, parameters);
  if (rest.length === 0) throw validationError('EXISTS() must contain a single item read with additional condition');
  const names = new ExpressionParameters(parameters);
  const condition = rest.map((conjunct: Expression) => `(${compileCondition(conjunct, names)})`).join(' AND ');
  return { TableName: table.name, Key: key, ConditionExpression: condition, ...names.requestMembers() };
}

/** An INSERT refused for its key: DynamoDB's reason is `ValidationError`, `Duplicate primary key exists in table`. */
function duplicateInsertReasons(error: unknown, statements: readonly Statement[]): unknown {
  if (!(error instanceof DynamoDBError) || error.type !== 'TransactionCanceledException') return error;
  const reasons = (error.extra.CancellationReasons as Record<string, unknown>[]).map((reason, index) =>
    statements[index]?.kind === 'insert' && reason.Code === 'ConditionalCheckFailed'
      ? { Code: 'ValidationError', Message: 'Duplicate primary key exists in table' }
      : reason,
  );
  const codes = reasons.map((reason) => reason.Code).join(', ');
  return new DynamoDBError(
    error.type,
    `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes}]`,
    400,
    {
      ...error.extra,
      CancellationReasons: reasons,
    },
  );
}

/** ExecuteTransaction: its request shape and its handler (operations/registry.ts lists every definition). */
export const executeTransactionOperation = defineOperation({
  name: 'ExecuteTransaction',
  shape: executeTransactionShape,
  handler: executeTransaction,
  answer: 'stored-rows',
});
