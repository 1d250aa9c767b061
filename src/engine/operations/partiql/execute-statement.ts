import type { OperationHandler } from '../operation.js';
import { parsedStatementOf, runStatement } from './run-statement.js';

/**
 * ExecuteStatement: one PartiQL statement, run as the GetItem, Query, Scan, PutItem,
 * UpdateItem or DeleteItem it compiles to.
 */
export const executeStatement: OperationHandler = (context, input) => {
  const parsed = parsedStatementOf(context, input.Statement, input.Parameters);
  const result = runStatement(context, parsed.statement, input.Parameters ?? [], input);
  const response: Record<string, unknown> = { Items: result.items };
  if (result.nextToken !== undefined) response.NextToken = result.nextToken;
  if (result.consumedCapacity !== undefined) response.ConsumedCapacity = result.consumedCapacity;
  return response;
};
