import { batchExecuteStatement as batchExecuteStatementShape } from '../../validation/shapes/partiql-operations.js';
import { DynamoDBError, validationError } from '../../errors.js';
import { itemKeyOf, valueOf, type Statement } from '../../partiql/index.js';
import type { AttributeValue } from '../../values/attribute-value.js';
import { checkValueNesting } from '../../values/nesting-levels.js';
import { defineOperation, type EngineContext, type OperationHandler } from '../operation.js';
import type { CapacityMode } from '../../capacity/capacity-usage.js';
import { parsedStatementOf, runStatement } from './run-statement.js';
import { addConsumedCapacity, type ConsumedCapacity } from './sum-capacity.js';

interface BatchStatement {
  readonly Statement: string;
  readonly Parameters?: AttributeValue[];
  readonly ConsistentRead?: boolean;
  readonly ReturnValuesOnConditionCheckFailure?: string;
}

/** `ConditionalCheckFailedException` → `ConditionalCheckFailed`, `ValidationException` → `ValidationError`… */
function batchErrorCode(type: string): string {
  if (type === 'ValidationException') return 'ValidationError';
  if (type === 'ThrottlingException') return 'ThrottlingError';
  return type.replace(/Exception$/, '');
}

/** BatchExecuteStatement's request. */
export interface BatchExecuteStatementRequest {
  readonly Statements: readonly BatchStatement[];
  readonly ReturnConsumedCapacity?: CapacityMode;
}

/**
 * BatchExecuteStatement: up to 25 single-item statements, all reads or all writes, each
 * answered on its own (an `Error` {Code, Message, Item} per failed statement, in order).
 */
export const batchExecuteStatement: OperationHandler<BatchExecuteStatementRequest> = (context, input) => {
  const entries = input.Statements as BatchStatement[];
  // A parameter nested past 32 levels fails the whole batch, not its statement (DynamoDB Local 1.25.1 and 3.3.1).
  for (const entry of entries) for (const parameter of entry.Parameters ?? []) checkValueNesting(parameter);
  const parsed: (Statement | DynamoDBError)[] = entries.map((entry) => {
    try {
      return parsedStatementOf(context, entry.Statement, entry.Parameters).statement;
    } catch (error) {
      if (error instanceof DynamoDBError) return error;
      throw error;
    }
  });
  const statements = parsed.filter((entry): entry is Statement => !(entry instanceof DynamoDBError));
  if (statements.some((statement) => statement.kind === 'exists'))
    throw validationError('EXISTS can only be used in ExecuteTransaction write requests.');
  const reads = statements.filter((statement) => statement.kind === 'select').length;
  if (reads > 0 && reads < statements.length)
    throw validationError('Read and write requests together in the same batch is not supported.');
  checkDistinctKeys(context, parsed, entries);
  const mode = input.ReturnConsumedCapacity as string | undefined;
  const capacityByTable = new Map<string, ConsumedCapacity>();
  const responses = parsed.map((statement, index) => {
    const entry = entries[index] as BatchStatement;
    if (statement instanceof DynamoDBError)
      return { Error: { Code: batchErrorCode(statement.type), Message: statement.message } };
    let tableName: string | undefined;
    try {
      tableName = context.storage.requireTable(statement.source.table).name;
      if (statement.kind === 'select') {
        if (statement.source.index !== undefined) throw validationError('Only single item select is supported');
        const table = context.storage.requireTable(statement.source.table);
        try {
          if (itemKeyOf(statement.where, table, entry.Parameters ?? []).rest.length > 0) throw new Error('filter');
        } catch {
          throw validationError('Only single item select is supported');
        }
      }
      const result = runStatement(context, statement, entry.Parameters ?? [], {
        ...entry,
        ReturnConsumedCapacity: mode,
      });
      const consumed = result.consumedCapacity as ConsumedCapacity | undefined;
      if (consumed !== undefined)
        capacityByTable.set(
          consumed.TableName,
          addConsumedCapacity(capacityByTable.get(consumed.TableName), consumed) as ConsumedCapacity,
        );
      const response: Record<string, unknown> = { TableName: tableName };
      if (statement.kind === 'select' && result.items[0] !== undefined) response.Item = result.items[0];
      return response;
    } catch (error) {
      if (!(error instanceof DynamoDBError)) throw error;
      const failure: Record<string, unknown> = { Code: batchErrorCode(error.type), Message: error.message };
      if (error.extra.Item !== undefined) failure.Item = error.extra.Item;
      // A statement refused before it reads or writes answers without its table, as DynamoDB Local does.
      const refused = error.type === 'ValidationException' || error.type === 'ResourceNotFoundException';
      return tableName === undefined || refused ? { Error: failure } : { Error: failure, TableName: tableName };
    }
  });
  const output: Record<string, unknown> = { Responses: responses };
  if (mode === 'TOTAL' || mode === 'INDEXES') output.ConsumedCapacity = [...capacityByTable.values()];
  return output;
};

/** `Provided list of item keys contains duplicates`: two statements of a batch on one item. */
function checkDistinctKeys(
  context: EngineContext,
  parsed: readonly (Statement | DynamoDBError)[],
  entries: readonly BatchStatement[],
): void {
  const seen = new Set<string>();
  parsed.forEach((statement, index) => {
    if (statement instanceof DynamoDBError || statement.kind === 'exists') return;
    const table = context.storage.getTable(statement.source.table);
    if (table === undefined) return;
    const parameters = entries[index]?.Parameters ?? [];
    let key: Record<string, unknown> | undefined;
    try {
      if (statement.kind === 'insert') {
        const item = (valueOf(statement.item, parameters) as { M?: Record<string, unknown> }).M;
        key =
          item === undefined
            ? undefined
            : { p: item[table.partitionKey.name], s: table.sortKey && item[table.sortKey.name] };
      } else {
        key = itemKeyOf(statement.where, table, parameters).key;
        key = { p: key[table.partitionKey.name], s: table.sortKey && key[table.sortKey.name] };
      }
    } catch {
      return;
    }
    if (key === undefined) return;
    const text = `${table.name} ${JSON.stringify(key)}`;
    if (seen.has(text)) throw validationError('Provided list of item keys contains duplicates');
    seen.add(text);
  });
}

/** BatchExecuteStatement: its request shape and its handler (operations/registry.ts lists every definition). */
export const batchExecuteStatementOperation = defineOperation({
  name: 'BatchExecuteStatement',
  shape: batchExecuteStatementShape,
  handler: batchExecuteStatement,
  answer: 'stored-rows',
});
