import { updateContinuousBackups as updateContinuousBackupsShape } from '../../validation/shapes/tag-and-time-to-live-operations.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { continuousBackupsDescription, defaultRecoveryPeriodInDays } from './continuous-backups-description.js';
import { continuousBackupsTable } from './continuous-backups-table.js';

interface UpdateContinuousBackupsInput {
  readonly TableName: string;
  readonly PointInTimeRecoverySpecification: {
    readonly PointInTimeRecoveryEnabled: boolean;
    readonly RecoveryPeriodInDays?: number;
  };
}

/**
 * UpdateContinuousBackups: turns point-in-time recovery on or off and keeps the setting
 * in the catalog with the table. Enabling it again keeps the time it was first enabled.
 */
export const updateContinuousBackups: OperationHandler = (context, input: UpdateContinuousBackupsInput) => {
  const storage = context.storage;
  const specification = input.PointInTimeRecoverySpecification;
  return storage.writeTransaction(() => {
    const definition = continuousBackupsTable(context, input.TableName);
    const current = definition.pointInTimeRecovery;
    const enabled = specification.PointInTimeRecoveryEnabled;
    const updated = {
      ...definition,
      pointInTimeRecovery: {
        enabled,
        recoveryPeriodInDays:
          specification.RecoveryPeriodInDays ?? current?.recoveryPeriodInDays ?? defaultRecoveryPeriodInDays,
        enabledAt: enabled && current?.enabled ? current.enabledAt : context.now(),
      },
    };
    storage.updateTable(updated);
    return { ContinuousBackupsDescription: continuousBackupsDescription(updated, context.now()) };
  });
};

/** UpdateContinuousBackups: its request shape and its handler (operations/registry.ts lists every definition). */
export const updateContinuousBackupsOperation = defineOperation({
  name: 'UpdateContinuousBackups',
  shape: updateContinuousBackupsShape,
  handler: updateContinuousBackups,
});
