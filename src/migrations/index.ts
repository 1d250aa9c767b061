export { applyMigration } from './apply-migration.js';
export type { AppliedStep, ApplyOptions, ApplyResult, MigrationProgressEvent } from './apply-migration.js';
export {
  BackfillContentionError,
  MigrationError,
  MigrationFileError,
  MigrationInProgressError,
  MigrationTableNotFoundError,
  PlanOutdatedError,
  RewritesNotAllowedError,
} from './errors.js';
export { readMigrationRecord } from './migration-record.js';
export type { MigrationProgress, MigrationRecord } from './migration-record.js';
export { modelSnapshot } from './model-snapshot.js';
export type { EntitySnapshot, ModelSnapshot } from './model-snapshot.js';
export { planMigration, planToJson } from './plan-migration.js';
export type { PlanOptions } from './plan-migration.js';
export type { CapacityEstimate, MigrationPlan, MigrationStep, SettingChange } from './plan-types.js';
export { loadUserMigrations, MigrationFileLoadError, newMigrationFile } from './user-migrations.js';
export type { UserMigration, UserMigrationContext } from './user-migrations.js';
export { reservedItemKey } from '../model/reserved-item.js';
