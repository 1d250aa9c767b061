import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { reservedItemKey } from '../model/reserved-item.js';
import type { ModelSnapshot } from './model-snapshot.js';
import type { MigrationStep } from './plan-types.js';

/** Where an unfinished `apply` stands: the steps done and the position inside the current one. */
export interface MigrationProgress {
  readonly planId: string;
  /** The plan's steps as first planned: a resumed `apply` runs these, not a plan of the half-migrated table. */
  readonly steps?: readonly MigrationStep[];
  readonly completed: readonly string[];
  readonly step?: string;
  /** The primary key after which the current step's Scan resumes. */
  readonly startKey?: Record<string, unknown>;
  /** Items of the current step already handled. */
  readonly done?: number;
}

/**
 * The table's migration record (the reserved item `#monotable` / `MODEL`): the model the table was
 * migrated to, a revision bumped by every finished `apply`, the steps and user migrations applied,
 * and the progress of an unfinished `apply`.
 */
export interface MigrationRecord {
  readonly revision: number;
  readonly model?: ModelSnapshot;
  readonly applied: readonly string[];
  readonly progress?: MigrationProgress;
}

/** The reserved item's primary key on a table keyed `partitionKey` / `sortKey`. */
export function recordKey(keys: { readonly partitionKey: string; readonly sortKey: string }): Record<string, string> {
  return { [keys.partitionKey]: reservedItemKey.partitionKey, [keys.sortKey]: reservedItemKey.sortKey };
}

/** Reads the record (consistently); revision 0 and nothing applied when the table has none. */
export async function readMigrationRecord(
  documents: DynamoDBDocumentClient,
  tableName: string,
  keys: { readonly partitionKey: string; readonly sortKey: string },
): Promise<MigrationRecord> {
  const { Item } = await documents.send(
    new GetCommand({ TableName: tableName, Key: recordKey(keys), ConsistentRead: true }),
  );
  if (!Item) return { revision: 0, applied: [] };
  return {
    revision: Number(Item.revision ?? 0),
    ...(typeof Item.model === 'string' ? { model: JSON.parse(Item.model) as ModelSnapshot } : {}),
    applied: (Item.applied as string[] | undefined) ?? [],
    ...(typeof Item.progress === 'string' ? { progress: JSON.parse(Item.progress) as MigrationProgress } : {}),
  };
}

/**
 * Saves the progress of an `apply`, on the condition that no other `apply` finished meanwhile
 * (the revision is still `revision`). The model and progress are stored as JSON text: DynamoDB
 * maps would drop empty strings in some SDK settings and reorder nothing we rely on.
 */
export async function saveProgress(
  documents: DynamoDBDocumentClient,
  tableName: string,
  keys: { readonly partitionKey: string; readonly sortKey: string },
  revision: number,
  progress: MigrationProgress,
): Promise<void> {
  await documents.send(
    new UpdateCommand({
      TableName: tableName,
      Key: recordKey(keys),
      UpdateExpression: 'SET #progress = :progress, #revision = if_not_exists(#revision, :zero)',
      ConditionExpression: 'attribute_not_exists(#revision) OR #revision = :revision',
      ExpressionAttributeNames: { '#progress': 'progress', '#revision': 'revision' },
      ExpressionAttributeValues: { ':progress': JSON.stringify(progress), ':revision': revision, ':zero': 0 },
    }),
  );
}

/** Records a finished `apply`: the new model, revision + 1, the applied steps; the progress is dropped. */
export async function recordMigratedModel(
  documents: DynamoDBDocumentClient,
  tableName: string,
  keys: { readonly partitionKey: string; readonly sortKey: string },
  previous: MigrationRecord,
  model: ModelSnapshot,
  applied: readonly string[],
): Promise<void> {
  await documents.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...recordKey(keys),
        revision: previous.revision + 1,
        model: JSON.stringify(model),
        applied: [...previous.applied, ...applied],
        migratedAt: new Date().toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(#revision) OR #revision = :revision',
      ExpressionAttributeNames: { '#revision': 'revision' },
      ExpressionAttributeValues: { ':revision': previous.revision },
    }),
  );
}
