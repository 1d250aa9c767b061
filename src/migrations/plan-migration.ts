import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ResourceNotFoundException,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { createHash } from 'node:crypto';
import type { ModelDefinition } from '../model/model.js';
import { documentClientOf } from '../repository/command-sender.js';
import { buildCreateTableInput } from '../repository/create-table-input.js';
import { compareTableWithModel } from '../repository/table-drift.js';
import { MigrationTableNotFoundError } from './errors.js';
import { readMigrationRecord } from './migration-record.js';
import { modelSnapshot, stableJson, type ModelSnapshot } from './model-snapshot.js';
import type { MigrationPlan, MigrationStep, SettingChange } from './plan-types.js';
import { measureTable } from './capacity-estimate.js';
import type { UserMigration } from './user-migrations.js';

/** What {@link planMigration} compares and counts. */
export interface PlanOptions {
  /** Physical table name; default the model's. */
  readonly tableName?: string;
  /** Count the items each step concerns (one Scan of the table); default true. */
  readonly count?: boolean;
  /** The user migration files (see `loadUserMigrations`); those not yet recorded become steps. */
  readonly migrations?: readonly UserMigration[];
}

/**
 * Plans the migration of a table to `model`: indexes to create and delete, table settings,
 * per entity the index keys to backfill and the primary keys to rewrite, and the user migration
 * files not applied yet, with item counts. Reads only (DescribeTable, the migration record, one
 * counting Scan).
 *
 * @example
 * const plan = await planMigration(model, client, { tableName: 'research' });
 * if (plan.steps.length === 0) console.log('nothing to do');
 */
export async function planMigration(
  model: ModelDefinition,
  client: DynamoDBClient,
  options: PlanOptions = {},
): Promise<MigrationPlan> {
  const tableName = options.tableName ?? model.table.name;
  const documents = documentClientOf(client);
  const description = await describe(client, tableName);
  const record = await readMigrationRecord(documents, tableName, model.table);
  const target = modelSnapshot(model);
  const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const differences = compareTableWithModel(description, TimeToLiveDescription, model);
  const expected = buildCreateTableInput(model, tableName);

  const creates: MigrationStep[] = [];
  const deletes: MigrationStep[] = [];
  const settings: SettingChange[] = [];
  const recreated = new Set<string>();
  for (const difference of differences) {
    if (difference.kind === 'index-key-schema' || difference.kind === 'index-projection')
      recreated.add(difference.subject);
  }
  for (const difference of differences) {
    const name = difference.subject;
    if (
      difference.kind === 'missing-index' ||
      (recreated.has(name) && !creates.some((s) => s.id === `create-index:${name}`))
    ) {
      const index = expected.GlobalSecondaryIndexes?.find((candidate) => candidate.IndexName === name);
      if (!index) continue;
      const keyNames = new Set((index.KeySchema ?? []).map((element) => element.AttributeName));
      creates.push({
        kind: 'create-index',
        id: `create-index:${name}`,
        indexName: name,
        keySchema: index.KeySchema ?? [],
        attributeDefinitions: (expected.AttributeDefinitions ?? []).filter((a) => keyNames.has(a.AttributeName)),
        projection: index.Projection ?? { ProjectionType: 'ALL' },
      });
      if (recreated.has(name)) deletes.unshift({ kind: 'delete-index', id: `delete-index:${name}`, indexName: name });
    } else if (difference.kind === 'extra-index') {
      deletes.push({ kind: 'delete-index', id: `delete-index:${name}`, indexName: name });
    } else if (difference.kind === 'time-to-live') {
      settings.push({ setting: 'time-to-live', from: difference.inTable, to: difference.inModel });
    } else if (difference.kind === 'stream') {
      settings.push({ setting: 'stream', from: difference.inTable, to: difference.inModel });
    } else if (difference.kind === 'billing-mode') {
      settings.push({ setting: 'billing-mode', from: difference.inTable, to: difference.inModel });
    }
  }
  const pitr = await pointInTimeRecovery(client, tableName);
  if (pitr !== undefined && pitr !== model.table.pointInTimeRecovery) {
    settings.push({
      setting: 'point-in-time-recovery',
      from: String(pitr),
      to: String(model.table.pointInTimeRecovery),
    });
  }

  const created = new Set(creates.map((step) => (step as { indexName: string }).indexName));
  const itemSteps: MigrationStep[] = [
    ...backfillSteps(model, record.model, created),
    ...rewriteSteps(model, record.model),
    ...(options.migrations ?? [])
      .filter((migration) => !record.applied.includes(`user-migration:${migration.name}`))
      .map(
        (migration): MigrationStep => ({
          kind: 'user-migration',
          id: `user-migration:${migration.name}`,
          name: migration.name,
          entity: migration.entity,
        }),
      ),
  ];

  let counted = itemSteps;
  let capacity: MigrationPlan['capacity'] = {};
  if (itemSteps.length > 0 && options.count !== false) {
    const measure = await measureTable(client, tableName, model, itemSteps);
    counted = itemSteps.map((step) =>
      'entity' in step ? ({ ...step, items: measure.perEntity.get(step.entity) ?? 0 } as MigrationStep) : step,
    );
    const perStep = Object.fromEntries(measure.writeUnits);
    const writeUnits = Object.values(perStep).reduce((sum, units) => sum + units, 0);
    capacity = { readUnitsPerScan: measure.readUnits, writeUnits, writeUnitsPerStep: perStep };
  }
  const planned = [
    ...creates,
    ...(settings.length > 0 ? [{ kind: 'table-settings', id: 'table-settings', changes: settings } as const] : []),
    ...counted,
    ...deletes,
  ];
  // The same model planned from the same revision is the same migration: an `apply` that stopped
  // midway is resumed with the steps it started with (the half-migrated table would plan fewer).
  const planId = createHash('sha256')
    .update(stableJson({ revision: record.revision, target }))
    .digest('hex')
    .slice(0, 16);
  const steps = record.progress?.planId === planId && record.progress.steps ? record.progress.steps : planned;
  return {
    tableName,
    planId,
    recordedRevision: record.revision,
    comparedWith: record.model ? 'recorded model' : 'table description',
    steps,
    capacity,
    target,
    model,
  };
}

/** The plan as JSON (without the model's code). */
export function planToJson(plan: MigrationPlan): Omit<MigrationPlan, 'model'> {
  const { model: _model, ...rest } = plan;
  return rest;
}

async function describe(client: DynamoDBClient, tableName: string): Promise<TableDescription> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table) throw new MigrationTableNotFoundError(tableName);
    return Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException || (error as Error).name === 'ResourceNotFoundException')
      throw new MigrationTableNotFoundError(tableName);
    throw error;
  }
}

/** Point-in-time recovery as the table reports it; undefined when the endpoint cannot say. */
async function pointInTimeRecovery(client: DynamoDBClient, tableName: string): Promise<boolean | undefined> {
  try {
    const { ContinuousBackupsDescription } = await client.send(
      new DescribeContinuousBackupsCommand({ TableName: tableName }),
    );
    const status = ContinuousBackupsDescription?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus;
    return status === undefined ? undefined : status === 'ENABLED';
  } catch {
    return undefined;
  }
}

/**
 * Per entity, the indexes whose keys must be (re)computed: against the recorded model, every
 * index the entity joined or whose templates, `when` or shards changed; without a record, every
 * index being created (the items written before it carry no keys for it).
 */
function backfillSteps(
  model: ModelDefinition,
  recorded: ModelSnapshot | undefined,
  created: ReadonlySet<string>,
): MigrationStep[] {
  const target = modelSnapshot(model);
  const steps: MigrationStep[] = [];
  for (const entity of model.entities) {
    const now = target.entities[entity.name];
    const before = recorded?.entities[entity.name];
    if (recorded && !before) continue; // a new entity: its items are written with their keys
    const indexes: string[] = [];
    const reasons: string[] = [];
    for (const [name, index] of Object.entries(now.indexes)) {
      const old = before?.indexes[name];
      if (!recorded) {
        if (created.has(name)) {
          indexes.push(name);
          reasons.push(`new index ${name}`);
        }
      } else if (!old) {
        indexes.push(name);
        reasons.push(`joins index ${name}`);
      } else if (stableJson(old) !== stableJson(index)) {
        indexes.push(name);
        const changed = (['pk', 'sk', 'when', 'shards'] as const).filter(
          (part) => stableJson(old[part] ?? null) !== stableJson(index[part] ?? null),
        );
        reasons.push(
          `index ${name}: ${changed.map((part) => (part === 'when' ? 'sparse when' : part)).join(', ')} changed`,
        );
      }
    }
    const removeAttributes: string[] = [];
    for (const name of Object.keys(before?.indexes ?? {})) {
      if (now.indexes[name]) continue;
      const tableIndex = recorded?.table.indexes[name];
      if (!tableIndex || Array.isArray(tableIndex.partitionKey)) continue;
      const keyNames = [
        tableIndex.partitionKey as string,
        ...(tableIndex.sortKey ? [tableIndex.sortKey as string] : []),
      ];
      removeAttributes.push(...keyNames);
      reasons.push(`leaves index ${name}`);
    }
    if (indexes.length === 0 && removeAttributes.length === 0) continue;
    steps.push({
      kind: 'backfill',
      id: `backfill:${entity.name}:${createHash('sha256').update(stableJson({ indexes, removeAttributes, now })).digest('hex').slice(0, 8)}`,
      entity: entity.name,
      indexes,
      removeAttributes,
      reasons,
    });
  }
  return steps;
}

/** Entities whose primary key templates changed since the recorded model: their items move. */
function rewriteSteps(model: ModelDefinition, recorded: ModelSnapshot | undefined): MigrationStep[] {
  if (!recorded) return [];
  const steps: MigrationStep[] = [];
  for (const entity of model.entities) {
    const before = recorded.entities[entity.name];
    if (!before) continue;
    const to = { pk: entity.key.pk.source, sk: entity.key.sk.source };
    if (before.key.pk === to.pk && before.key.sk === to.sk) continue;
    steps.push({
      kind: 'rewrite',
      id: `rewrite:${entity.name}:${to.pk}:${to.sk}`,
      entity: entity.name,
      from: before.key,
      to,
    });
  }
  return steps;
}
