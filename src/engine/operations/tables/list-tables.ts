import { listTables as listTablesShape } from '../../validation/shapes/table-operations.js';
import { defineOperation, type OperationHandler } from '../operation.js';

const defaultLimit = 100;

/**
 * ListTables: names in ascending order after `ExclusiveStartTableName`, at most `Limit`;
 * `LastEvaluatedTableName` only when more names follow.
 */
export const listTables: OperationHandler = (context, input: { Limit?: number; ExclusiveStartTableName?: string }) => {
  const start = input.ExclusiveStartTableName;
  const names = context.storage.listTableNames().filter((name) => start === undefined || name > start);
  const limit = input.Limit ?? defaultLimit;
  if (names.length <= limit) return { TableNames: names };
  const page = names.slice(0, limit);
  return { TableNames: page, LastEvaluatedTableName: page[page.length - 1] };
};

/** ListTables: its request shape and its handler (operations/registry.ts lists every definition). */
export const listTablesOperation = defineOperation({ name: 'ListTables', shape: listTablesShape, handler: listTables });
