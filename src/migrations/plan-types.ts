import type { AttributeDefinition, KeySchemaElement, Projection } from '@aws-sdk/client-dynamodb';
import type { ModelDefinition } from '../model/model.js';
import type { ModelSnapshot } from './model-snapshot.js';

/** A table setting that changes: TTL, stream, billing mode or point-in-time recovery. */
export interface SettingChange {
  readonly setting: 'time-to-live' | 'stream' | 'billing-mode' | 'point-in-time-recovery';
  readonly from: string;
  readonly to: string;
}

/** One step of a migration, in the order `applyMigration` runs them. */
export type MigrationStep =
  | {
      readonly kind: 'create-index';
      readonly id: string;
      readonly indexName: string;
      readonly keySchema: readonly KeySchemaElement[];
      readonly attributeDefinitions: readonly AttributeDefinition[];
      readonly projection: Projection;
    }
  | { readonly kind: 'table-settings'; readonly id: string; readonly changes: readonly SettingChange[] }
  | {
      readonly kind: 'backfill';
      readonly id: string;
      readonly entity: string;
      /** The indexes whose keys are (re)computed on every item of the entity. */
      readonly indexes: readonly string[];
      /** Key attributes to remove (indexes the entity left). */
      readonly removeAttributes: readonly string[];
      readonly reasons: readonly string[];
      readonly items?: number;
    }
  | {
      readonly kind: 'rewrite';
      readonly id: string;
      readonly entity: string;
      readonly from: { readonly pk: string; readonly sk: string };
      readonly to: { readonly pk: string; readonly sk: string };
      readonly items?: number;
    }
  | {
      readonly kind: 'user-migration';
      readonly id: string;
      readonly name: string;
      readonly entity: string;
      readonly items?: number;
    }
  | { readonly kind: 'delete-index'; readonly id: string; readonly indexName: string };

/** What the plan's capacity estimate is made of. */
export interface CapacityEstimate {
  /** Read units of one Scan of the table (each item step scans it once). */
  readonly readUnitsPerScan?: number;
  /**
   * Write units of the item steps, priced from each stored item's size (a KB or part of one per
   * item written; a backfill by the larger of the item before and after, nothing for an item
   * already right; a rewrite's transaction four times), as single writes: a transaction of many
   * (`changesPerTransaction`, the default against a local engine) costs twice as much on DynamoDB.
   */
  readonly writeUnits?: number;
  /** The same, per item step id. */
  readonly writeUnitsPerStep?: Readonly<Record<string, number>>;
}

/**
 * A migration plan: the steps from the table's recorded model (or, without one, the table as
 * DescribeTable shows it) to `model`. `recordedRevision` ties it to the record it was planned
 * from: `applyMigration` refuses it once another `apply` has finished.
 */
export interface MigrationPlan {
  readonly tableName: string;
  readonly planId: string;
  readonly recordedRevision: number;
  /** What the plan compared the model with. */
  readonly comparedWith: 'recorded model' | 'table description';
  readonly steps: readonly MigrationStep[];
  readonly capacity: CapacityEstimate;
  readonly target: ModelSnapshot;
  /** The model planned for (used by `applyMigration`; left out of `planToJson`). */
  readonly model: ModelDefinition;
}
