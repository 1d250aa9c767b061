import { itemOfAnswer, type AnswerItem } from '../../answer.js';
import { DynamoDBError, validationError } from '../../errors.js';
import {
  compileDelete,
  compileInsert,
  compileSelect,
  compileUpdate,
  flattenProjection,
  type CompiledSelect,
  type ParsedStatement,
  type SelectStatement,
  type Statement,
} from '../../partiql/index.js';
import type { AttributeValue, Item } from '../../values/attribute-value.js';
import { checkValueNesting } from '../../values/nesting-levels.js';
import { deleteItem } from '../items/delete-item.js';
import { getItem } from '../items/get-item.js';
import { putItem } from '../items/put-item.js';
import { updateItem } from '../items/update-item.js';
import type { CheckedRequest, EngineContext, OperationHandler } from '../operation.js';
import { query } from '../../reads/query.js';
import { scan } from '../../reads/scan.js';
import { continuationOf, nextTokenOf, type Continuation } from './next-token.js';
import { addConsumedCapacity, type ConsumedCapacity } from './sum-capacity.js';

const handlers: Readonly<Record<string, OperationHandler>> = {
  GetItem: getItem,
  Query: query,
  Scan: scan,
  PutItem: putItem,
  UpdateItem: updateItem,
  DeleteItem: deleteItem,
};

/** The request members of one statement that ExecuteStatement, batches and transactions share. */
export interface StatementOptions {
  readonly ConsistentRead?: boolean;
  readonly NextToken?: string;
  readonly Limit?: number;
  readonly ReturnConsumedCapacity?: string;
  readonly ReturnValuesOnConditionCheckFailure?: string;
}

/** Parsed once per engine (the context's cache), with `Parameters` checked against its `?` count. */
export function parsedStatementOf(
  context: EngineContext,
  text: string,
  parameters: readonly AttributeValue[] | undefined,
): ParsedStatement {
  const parsed = context.caches.partiqlStatements.parse(text);
  // A statement without `?` ignores Parameters, as DynamoDB Local does.
  if (parsed.parameterCount > 0 && (parameters?.length ?? 0) !== parsed.parameterCount) {
    throw validationError("Number of parameters in request and statement don't match.");
  }
  // Before any parameter is compared, hashed or written (each may use 32 levels, as DynamoDB Local 1.25.1 and 3.3.1 accept).
  if (parameters !== undefined) for (const parameter of parameters) checkValueNesting(parameter);
  return parsed;
}

/** What a statement answered: ExecuteStatement's output members. */
export interface StatementResult {
  readonly items: AnswerItem[];
  readonly nextToken?: string;
  readonly consumedCapacity?: unknown;
  readonly tableName: string;
}

/** Runs one statement as the item operation it compiles to. */
export function runStatement(
  context: EngineContext,
  statement: Statement,
  parameters: readonly AttributeValue[],
  options: StatementOptions,
): StatementResult {
  const table = context.storage.requireTable(statement.source.table);
  if (statement.kind === 'select') return runSelect(context, statement, table, parameters, options);
  if (statement.kind === 'exists')
    throw validationError('EXISTS can only be used in ExecuteTransaction write requests.');
  const compiled =
    statement.kind === 'insert'
      ? compileInsert(statement, table, parameters)
      : statement.kind === 'update'
        ? compileUpdate(statement, table, parameters)
        : compileDelete(statement, table, parameters);
  const input: Record<string, unknown> = { ...compiled.input };
  if (options.ReturnConsumedCapacity !== undefined) input.ReturnConsumedCapacity = options.ReturnConsumedCapacity;
  if (options.ReturnValuesOnConditionCheckFailure !== undefined && statement.kind !== 'insert') {
    input.ReturnValuesOnConditionCheckFailure = options.ReturnValuesOnConditionCheckFailure;
  }
  let output: Record<string, unknown>;
  try {
    output = (handlers[compiled.operation] as OperationHandler)(context, input as CheckedRequest);
  } catch (error) {
    if (
      statement.kind === 'insert' &&
      error instanceof DynamoDBError &&
      error.type === 'ConditionalCheckFailedException'
    ) {
      throw new DynamoDBError('DuplicateItemException', 'Duplicate primary key exists in table');
    }
    throw error;
  }
  const attributes = output.Attributes as AnswerItem | undefined;
  return {
    items: attributes === undefined ? [] : [attributes],
    consumedCapacity: output.ConsumedCapacity,
    tableName: table.name,
  };
}

function runSelect(
  context: EngineContext,
  select: SelectStatement,
  table: Parameters<typeof compileSelect>[1],
  parameters: readonly AttributeValue[],
  options: StatementOptions,
): StatementResult {
  const compiled = compileSelect(select, table, parameters);
  const reads = compiled.decomposed ?? [compiled];
  const start =
    options.NextToken === undefined ? { read: 0, exclusiveStartKey: undefined } : continuationOf(options.NextToken);
  let items: AnswerItem[] = [];
  let consumed: ConsumedCapacity | undefined;
  let next: Continuation | undefined;
  let remaining = options.Limit;
  for (let read = start.read; read < reads.length; read++) {
    if (remaining !== undefined && remaining <= 0) {
      next = { read, exclusiveStartKey: undefined };
      break;
    }
    const part = reads[read] as CompiledSelect;
    const input: Record<string, unknown> = { ...part.input };
    if (options.ConsistentRead !== undefined) input.ConsistentRead = options.ConsistentRead;
    if (options.ReturnConsumedCapacity !== undefined) input.ReturnConsumedCapacity = options.ReturnConsumedCapacity;
    let output: Record<string, unknown>;
    if (part.operation === 'GetItem') {
      output = getItem(context, input as CheckedRequest);
      if (output.Item !== undefined) items.push(output.Item as AnswerItem);
      if (remaining !== undefined) remaining--;
    } else {
      if (remaining !== undefined) input.Limit = remaining;
      if (read === start.read && start.exclusiveStartKey !== undefined)
        input.ExclusiveStartKey = start.exclusiveStartKey;
      output = (handlers[part.operation] as OperationHandler)(context, input as CheckedRequest);
      const page = output.Items as AnswerItem[];
      items = items.length === 0 ? page : items.concat(page);
      if (remaining !== undefined) remaining -= output.ScannedCount as number;
      const lastEvaluatedKey = output.LastEvaluatedKey as Item | undefined;
      if (lastEvaluatedKey !== undefined) next = { read, exclusiveStartKey: lastEvaluatedKey };
    }
    consumed = addConsumedCapacity(consumed, output.ConsumedCapacity as ConsumedCapacity | undefined);
    if (next !== undefined) break;
  }
  if (compiled.flattens && select.projection !== undefined) {
    const projection = select.projection;
    items = items.map((item) => flattenProjection(itemOfAnswer(item), projection));
  }
  const result: StatementResult = { items, consumedCapacity: consumed, tableName: table.name };
  return next === undefined ? result : { ...result, nextToken: nextTokenOf(next) };
}
