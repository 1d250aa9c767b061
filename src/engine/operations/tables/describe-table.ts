import { describeTable as describeTableShape } from '../../validation/shapes/table-operations.js';
import { tableNotFound } from '../../errors.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { renderDescription } from './table-description.js';

/** DescribeTable: the full TableDescription with live item counts and sizes. */
export const describeTable: OperationHandler = (context, input: { TableName: string }) => {
  const definition = context.storage.getTable(input.TableName);
  if (!definition) throw tableNotFound(input.TableName);
  return {
    Table: context.storage.readTransaction(() => renderDescription(context, definition, { tableStatus: 'ACTIVE' })),
  };
};

/** DescribeTable: its request shape and its handler (operations/registry.ts lists every definition). */
export const describeTableOperation = defineOperation({
  name: 'DescribeTable',
  shape: describeTableShape,
  handler: describeTable,
});
