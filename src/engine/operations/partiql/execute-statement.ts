import { executeStatement as executeStatementShape } from '../../validation/shapes/partiql-operations.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import type { AttributeValue } from '../../values/attribute-value.js';
import { parsedStatementOf, runStatement, type StatementOptions } from './run-statement.js';

/** ExecuteStatement's request: the statement, its `?` parameters, and the read and answer options. */
export interface ExecuteStatementRequest extends StatementOptions {
  readonly Statement: string;
  readonly Parameters?: readonly AttributeValue[];
}

/**
 * ExecuteStatement: one PartiQL statement, run as the GetItem, Query, Scan, PutItem,
 * UpdateItem or DeleteItem it compiles to.
 */
export const executeStatement: OperationHandler<ExecuteStatementRequest> = (context, input) => {
  const parsed = parsedStatementOf(context, input.Statement, input.Parameters);
  const result = runStatement(context, parsed.statement, input.Parameters ?? [], input);
  const response: Record<string, unknown> = { Items: result.items };
  if (result.nextToken !== undefined) response.NextToken = result.nextToken;
  if (result.consumedCapacity !== undefined) response.ConsumedCapacity = result.consumedCapacity;
  return response;
};

/** ExecuteStatement: its request shape and its handler (operations/registry.ts lists every definition). */
export const executeStatementOperation = defineOperation({
  name: 'ExecuteStatement',
  shape: executeStatementShape,
  handler: executeStatement,
  answer: 'stored-rows',
});
