import type { OperationHandler } from '../operation.js';
import { continuousBackupsDescription } from './continuous-backups-description.js';
import { continuousBackupsTable } from './continuous-backups-table.js';

/** DescribeContinuousBackups: the table's point-in-time recovery setting. */
export const describeContinuousBackups: OperationHandler = (context, input: { TableName: string }) => ({
  ContinuousBackupsDescription: continuousBackupsDescription(
    continuousBackupsTable(context, input.TableName),
    context.now(),
  ),
});
