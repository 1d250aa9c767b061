import { describeContinuousBackups as describeContinuousBackupsShape } from '../../validation/shapes/tag-and-time-to-live-operations.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { continuousBackupsDescription } from './continuous-backups-description.js';
import { continuousBackupsTable } from './continuous-backups-table.js';

/** DescribeContinuousBackups: the table's point-in-time recovery setting. */
export const describeContinuousBackups: OperationHandler = (context, input: { TableName: string }) => ({
  ContinuousBackupsDescription: continuousBackupsDescription(
    continuousBackupsTable(context, input.TableName),
    context.now(),
  ),
});

/** DescribeContinuousBackups: its request shape and its handler (operations/registry.ts lists every definition). */
export const describeContinuousBackupsOperation = defineOperation({
  name: 'DescribeContinuousBackups',
  shape: describeContinuousBackupsShape,
  handler: describeContinuousBackups,
});
