import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { EntityDefinition } from '../model/entity.js';
import { documentClientOf } from '../repository/command-sender.js';
import { MigrationFileError, MigrationInProgressError, PlanOutdatedError, RewritesNotAllowedError } from './errors.js';
import { defaultChangesPerTransaction, MAX_TRANSACTION_ITEMS, writeGroup } from './batched-writes.js';
import { backfillChange, rewriteChange, type ChangeOf, type ItemChange } from './item-writes.js';
import { runItemStep } from './item-step.js';
import {
  readMigrationRecord,
  recordMigratedModel,
  saveProgress,
  type MigrationProgress,
  type MigrationRecord,
} from './migration-record.js';
import { stableJson } from './model-snapshot.js';
import { Pacer } from './pacer.js';
import type { MigrationPlan, MigrationStep } from './plan-types.js';
import { applySettings, createIndex, deleteIndex } from './table-changes.js';
import { scanEntityPages } from './table-scan.js';
import { userMigrationChange } from './user-migration-change.js';
import type { UserMigration } from './user-migrations.js';

/** How far an `apply` is: reported after every page of an item step and at each step's start and end. */
export interface MigrationProgressEvent {
  readonly step: MigrationStep;
  readonly phase: 'start' | 'page' | 'done';
  /** Items of the step handled so far (item steps). */
  readonly done: number;
  /** Items the plan counted for the step, when it counted. */
  readonly total?: number;
  /** Items written so far in this step. */
  readonly written: number;
}

/** What {@link applyMigration} may do and how fast. */
export interface ApplyOptions {
  /** Allow steps that move items to new primary keys (key template changes). Default false. */
  readonly allowRewrites?: boolean;
  /** Compute and report every write without sending any. Default false. */
  readonly dryRun?: boolean;
  /** Write capacity units per second the item steps may consume. */
  readonly maxWcu?: number;
  /** Read capacity units per second the item steps' Scans may consume. */
  readonly maxRcu?: number;
  /** The user migration files (needed when the plan has user-migration steps). */
  readonly migrations?: readonly UserMigration[];
  /** Items per Scan call (default 500) and write requests in flight (default 32). */
  readonly pageSize?: number;
  readonly concurrency?: number;
  /**
   * Item changes sent in one TransactWriteItems, each on its own condition (1 to 100; 1 sends
   * single writes). Default 100 against a local engine (in process or a loopback endpoint), 1 on
   * DynamoDB, where a transactional write costs twice the write units.
   */
  readonly changesPerTransaction?: number;
  /** Attempts per item when concurrent writers keep changing it. Default 10. */
  readonly maxAttempts?: number;
  /** DescribeTable polling while an index is built or deleted, in ms. Default 1000. */
  readonly pollIntervalMs?: number;
  readonly onProgress?: (event: MigrationProgressEvent) => void;
}

/** What one step did (or, in a dry run, would do). */
export interface AppliedStep {
  readonly id: string;
  readonly kind: MigrationStep['kind'];
  readonly written: number;
  readonly unchanged: number;
  /** Up to five of the writes, in a dry run. */
  readonly samples?: readonly ItemChange[];
  /** The step had been completed by an earlier, interrupted `apply`. */
  readonly resumed?: boolean;
}

export interface ApplyResult {
  readonly planId: string;
  readonly dryRun: boolean;
  readonly steps: readonly AppliedStep[];
  /** The model was recorded in the table (false when it already was). */
  readonly recorded: boolean;
}

/**
 * Applies a plan step by step: indexes created one at a time (waiting for ACTIVE), table
 * settings, backfills and rewrites by a paged admin Scan with conditional writes, user migration
 * files, index deletions; then records the model in the table. Progress is checkpointed in the
 * migration record after every page: after a crash, planning and applying again continues where
 * it stopped. Applying a model already recorded writes nothing.
 *
 * @example
 * const plan = await planMigration(model, client, { tableName: 'research' });
 * await applyMigration(plan, client, { maxWcu: 500, onProgress: (e) => console.log(e.step.id, e.done) });
 */
export async function applyMigration(
  plan: MigrationPlan,
  client: DynamoDBClient,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const documents = documentClientOf(client);
  const { tableName, model } = plan;
  const keys = model.table;
  const record = await readMigrationRecord(documents, tableName, keys);
  if (record.revision !== plan.recordedRevision)
    throw new PlanOutdatedError(tableName, plan.recordedRevision, record.revision);
  if (record.progress && record.progress.planId !== plan.planId)
    throw new MigrationInProgressError(tableName, record.progress.planId);
  const rewrites = plan.steps.filter((step) => step.kind === 'rewrite').map((step) => step.entity);
  if (rewrites.length > 0 && !options.allowRewrites) throw new RewritesNotAllowedError(rewrites);
  const migrations = new Map((options.migrations ?? []).map((migration) => [migration.name, migration]));
  for (const step of plan.steps) {
    if (step.kind === 'user-migration' && !migrations.has(step.name))
      throw new MigrationFileError(
        step.name,
        {},
        new Error('the migration file is not loaded (pass it in `migrations`)'),
      );
  }

  const dryRun = options.dryRun === true;
  const completed = new Set(record.progress?.completed ?? []);
  const perTransaction = Math.min(
    MAX_TRANSACTION_ITEMS,
    Math.max(1, options.changesPerTransaction ?? (await defaultChangesPerTransaction(client))),
  );
  const writes = new Pacer(options.maxWcu);
  const reads = new Pacer(options.maxRcu);
  const results: AppliedStep[] = [];
  const checkpoint = async (progress: Omit<MigrationProgress, 'planId' | 'completed' | 'steps'>) => {
    if (dryRun) return;
    await saveProgress(documents, tableName, keys, record.revision, {
      planId: plan.planId,
      steps: plan.steps,
      completed: [...completed],
      ...progress,
    });
  };
  if (plan.steps.length > 0) await checkpoint({});

  for (const step of plan.steps) {
    if (completed.has(step.id)) {
      results.push({ id: step.id, kind: step.kind, written: 0, unchanged: 0, resumed: true });
      continue;
    }
    const total = 'items' in step ? step.items : undefined;
    options.onProgress?.({ step, phase: 'start', done: 0, written: 0, ...(total !== undefined ? { total } : {}) });
    let result: AppliedStep = { id: step.id, kind: step.kind, written: 0, unchanged: 0 };
    const pollMs = options.pollIntervalMs ?? 1000;
    if (step.kind === 'create-index') {
      if (!dryRun) await createIndex(client, tableName, model, step, pollMs);
      result = { ...result, written: 1 };
    } else if (step.kind === 'delete-index') {
      if (!dryRun) await deleteIndex(client, tableName, step, pollMs);
      result = { ...result, written: 1 };
    } else if (step.kind === 'table-settings') {
      if (!dryRun) await applySettings(client, tableName, model, step);
      result = { ...result, written: step.changes.length };
    } else {
      const entity = model.entities.find((candidate) => candidate.name === step.entity) as EntityDefinition;
      const changeOf: ChangeOf =
        step.kind === 'backfill'
          ? async (stored) => backfillChange(entity, step.indexes, step.removeAttributes, stored)
          : step.kind === 'rewrite'
            ? async (stored) => rewriteChange(entity, stored)
            : (stored) => userMigrationChange(entity, migrations.get(step.name) as UserMigration, stored);
      const resume = record.progress?.step === step.id ? record.progress : undefined;
      result = await runItemStep(step, entity, changeOf, resume, {
        ...options,
        dryRun,
        total,
        checkpoint,
        writes,
        reads,
        perTransaction,
        send: (group) => writeGroup(documents, tableName, entity, group, changeOf, options.maxAttempts ?? 10),
        pages: (startKey) =>
          scanEntityPages(documents, tableName, keys, step.entity, startKey, options.pageSize ?? 500),
      });
    }
    completed.add(step.id);
    await checkpoint({});
    results.push(result);
    options.onProgress?.({
      step,
      phase: 'done',
      done: total ?? result.written + result.unchanged,
      written: result.written,
      ...(total !== undefined ? { total } : {}),
    });
  }

  const recorded = await recordModel(documents, plan, record, dryRun);
  return { planId: plan.planId, dryRun, steps: results, recorded };
}

async function recordModel(
  documents: ReturnType<typeof documentClientOf>,
  plan: MigrationPlan,
  record: MigrationRecord,
  dryRun: boolean,
): Promise<boolean> {
  const unchanged = record.model !== undefined && stableJson(record.model) === stableJson(plan.target);
  if ((unchanged && plan.steps.length === 0) || dryRun) return false;
  const applied = plan.steps.filter((step) => step.kind === 'user-migration').map((step) => step.id);
  await recordMigratedModel(documents, plan.tableName, plan.model.table, record, plan.target, applied);
  return true;
}
