import type { StoredTableDefinition } from '../../storage/storage.js';

/** DynamoDB's default (and maximum) point-in-time recovery period. */
export const defaultRecoveryPeriodInDays = 35;

/**
 * A table's `ContinuousBackupsDescription`. Continuous backups are always ENABLED on
 * DynamoDB; point-in-time recovery is the setting UpdateContinuousBackups turns on and off.
 * The engine keeps the setting (no backups are taken), so the restorable window is
 * reported from when recovery was enabled until now.
 */
export function continuousBackupsDescription(definition: StoredTableDefinition, now: number): Record<string, unknown> {
  const recovery = definition.pointInTimeRecovery;
  if (!recovery?.enabled) {
    return {
      ContinuousBackupsStatus: 'ENABLED',
      PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: 'DISABLED' },
    };
  }
  const periodStart = now - recovery.recoveryPeriodInDays * 24 * 60 * 60 * 1000;
  return {
    ContinuousBackupsStatus: 'ENABLED',
    PointInTimeRecoveryDescription: {
      PointInTimeRecoveryStatus: 'ENABLED',
      RecoveryPeriodInDays: recovery.recoveryPeriodInDays,
      EarliestRestorableDateTime: Math.max(recovery.enabledAt, periodStart) / 1000,
      LatestRestorableDateTime: now / 1000,
    },
  };
}
