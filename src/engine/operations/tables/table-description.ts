import { randomUUID } from 'node:crypto';
import type { IndexDefinition, Storage, StoredTableDefinition } from '../../storage/storage.js';
import type { EngineContext } from '../operation.js';
import { streamArn } from '../streams/stream-specification.js';
import { indexArn, tableArn } from './table-arn.js';
import type {
  AttributeDefinitionInput,
  BillingMode,
  IndexInput,
  KeySchemaElementInput,
  NewTableInput,
  ProvisionedThroughputInput,
} from './wire-types.js';

/*
 * The TableDescription is kept in the catalog in wire form (`StoredTableDefinition.description`)
 * without the live statistics; `renderDescription` adds those and the status of the moment,
 * with members in DynamoDB's order.
 */

/** What the catalog keeps of an index description. */
export interface StoredIndexDescription {
  IndexName: string;
  KeySchema: KeySchemaElementInput[];
  Projection: { ProjectionType: string; NonKeyAttributes?: string[] };
  /** GSIs only. */
  ProvisionedThroughput?: { ReadCapacityUnits: number; WriteCapacityUnits: number };
}

export interface ProvisionedThroughputDescription {
  LastIncreaseDateTime?: number;
  LastDecreaseDateTime?: number;
  NumberOfDecreasesToday: number;
  ReadCapacityUnits: number;
  WriteCapacityUnits: number;
}

/** What the catalog keeps of a TableDescription. */
export interface StoredDescription {
  AttributeDefinitions: AttributeDefinitionInput[];
  TableName: string;
  KeySchema: KeySchemaElementInput[];
  CreationDateTime: number;
  ProvisionedThroughput: ProvisionedThroughputDescription;
  TableId: string;
  BillingModeSummary?: { BillingMode: BillingMode; LastUpdateToPayPerRequestDateTime?: number };
  LocalSecondaryIndexes?: StoredIndexDescription[];
  GlobalSecondaryIndexes?: StoredIndexDescription[];
  DeletionProtectionEnabled: boolean;
  /** Present while a stream is enabled (DynamoDB drops it when the stream is disabled). */
  StreamSpecification?: { StreamEnabled: true; StreamViewType: string };
  /** The label of the latest stream, kept after it is disabled. */
  LatestStreamLabel?: string;
}

export function storedDescription(definition: StoredTableDefinition): StoredDescription {
  return definition.description as unknown as StoredDescription;
}

export function billingModeOf(description: StoredDescription): BillingMode {
  return description.BillingModeSummary?.BillingMode ?? 'PROVISIONED';
}

export function indexDescription(index: IndexInput, global: boolean, billingMode: BillingMode): StoredIndexDescription {
  const projection: StoredIndexDescription['Projection'] = { ProjectionType: index.Projection.ProjectionType ?? 'ALL' };
  if (index.Projection.NonKeyAttributes) projection.NonKeyAttributes = [...index.Projection.NonKeyAttributes];
  const description: StoredIndexDescription = {
    IndexName: index.IndexName,
    KeySchema: index.KeySchema.map((key) => ({ AttributeName: key.AttributeName, KeyType: key.KeyType })),
    Projection: projection,
  };
  if (global) description.ProvisionedThroughput = indexThroughput(billingMode, index.ProvisionedThroughput);
  return description;
}

export function indexThroughput(
  billingMode: BillingMode,
  throughput: ProvisionedThroughputInput | undefined,
): { ReadCapacityUnits: number; WriteCapacityUnits: number } {
  return billingMode === 'PAY_PER_REQUEST' || !throughput
    ? { ReadCapacityUnits: 0, WriteCapacityUnits: 0 }
    : { ReadCapacityUnits: throughput.ReadCapacityUnits, WriteCapacityUnits: throughput.WriteCapacityUnits };
}

/** The description of a table being created, at `nowSeconds`. */
export function newTableDescription(input: NewTableInput, nowSeconds: number): StoredDescription {
  const billingMode = input.BillingMode ?? 'PROVISIONED';
  const description: StoredDescription = {
    AttributeDefinitions: input.AttributeDefinitions.map((definition) => ({
      AttributeName: definition.AttributeName,
      AttributeType: definition.AttributeType,
    })),
    TableName: input.TableName,
    KeySchema: input.KeySchema.map((key) => ({ AttributeName: key.AttributeName, KeyType: key.KeyType })),
    CreationDateTime: nowSeconds,
    ProvisionedThroughput: {
      NumberOfDecreasesToday: 0,
      ...indexThroughput(billingMode, input.ProvisionedThroughput),
    },
    TableId: randomUUID(),
    DeletionProtectionEnabled: input.DeletionProtectionEnabled ?? false,
  };
  if (billingMode === 'PAY_PER_REQUEST') {
    description.BillingModeSummary = { BillingMode: 'PAY_PER_REQUEST', LastUpdateToPayPerRequestDateTime: nowSeconds };
  }
  if (input.LocalSecondaryIndexes) {
    description.LocalSecondaryIndexes = input.LocalSecondaryIndexes.map((index) =>
      indexDescription(index, false, billingMode),
    );
  }
  if (input.GlobalSecondaryIndexes) {
    description.GlobalSecondaryIndexes = input.GlobalSecondaryIndexes.map((index) =>
      indexDescription(index, true, billingMode),
    );
  }
  return description;
}

/** Index definitions (what storage needs) from stored index descriptions. */
export function indexDefinitions(
  description: StoredDescription,
  indexes: readonly StoredIndexDescription[] | undefined,
  kind: 'global' | 'local',
): IndexDefinition[] {
  const typeOf = (name: string) =>
    description.AttributeDefinitions.find((definition) => definition.AttributeName === name)?.AttributeType ?? 'S';
  return (indexes ?? []).map((index) => {
    const keysOfType = (keyType: string) =>
      index.KeySchema.filter((key) => key.KeyType === keyType).map((key) => ({
        name: key.AttributeName,
        type: typeOf(key.AttributeName),
      }));
    return {
      name: index.IndexName,
      kind,
      partitionKeys: keysOfType('HASH'),
      sortKeys: keysOfType('RANGE'),
      projection: {
        type: index.Projection.ProjectionType as IndexDefinition['projection']['type'],
        nonKeyAttributes: index.Projection.NonKeyAttributes,
      },
    };
  });
}

/** The StoredTableDefinition storage keeps for a description (keys, indexes), carrying over TTL, tags, the stream and point-in-time recovery. */
export function definitionFromDescription(
  description: StoredDescription,
  carried: Pick<StoredTableDefinition, 'timeToLive' | 'tags' | 'stream' | 'pointInTimeRecovery'> = {},
): StoredTableDefinition {
  const typeOf = (name: string) =>
    description.AttributeDefinitions.find((definition) => definition.AttributeName === name)?.AttributeType ?? 'S';
  const [hash, range] = description.KeySchema;
  return {
    name: description.TableName,
    partitionKey: { name: hash.AttributeName, type: typeOf(hash.AttributeName) },
    sortKey: range ? { name: range.AttributeName, type: typeOf(range.AttributeName) } : undefined,
    globalIndexes: indexDefinitions(description, description.GlobalSecondaryIndexes, 'global'),
    localIndexes: indexDefinitions(description, description.LocalSecondaryIndexes, 'local'),
    timeToLive: carried.timeToLive,
    tags: carried.tags,
    stream: carried.stream,
    // Settings kept beside the description (UpdateContinuousBackups) survive an UpdateTable.
    ...(carried.pointInTimeRecovery ? { pointInTimeRecovery: carried.pointInTimeRecovery } : {}),
    description: description as unknown as Record<string, unknown>,
  };
}

export interface RenderOptions {
  readonly tableStatus: 'ACTIVE' | 'CREATING' | 'UPDATING' | 'DELETING';
  /** Status per GSI name when not ACTIVE (a GSI being created or deleted). */
  readonly indexStatus?: Readonly<Record<string, 'CREATING' | 'DELETING'>>;
  /** A GSI that UpdateTable just started to create: `Backfilling`, no statistics yet. */
  readonly newIndex?: string;
  /** Report empty statistics (a table being created). */
  readonly withoutStatistics?: boolean;
}

/** The wire TableDescription of a table, with live statistics, in DynamoDB's member order. */
export function renderDescription(
  context: EngineContext,
  definition: StoredTableDefinition,
  options: RenderOptions,
  extraGlobalIndexes: readonly StoredIndexDescription[] = [],
): Record<string, unknown> {
  const stored = storedDescription(definition);
  const storage: Storage = context.storage;
  const statistics = (indexName?: string) =>
    options.withoutStatistics ? { itemCount: 0, sizeBytes: 0 } : storage.tableStatistics(definition, indexName);
  const table = statistics();
  const rendered: Record<string, unknown> = {
    AttributeDefinitions: stored.AttributeDefinitions,
    TableName: stored.TableName,
    KeySchema: stored.KeySchema,
    TableStatus: options.tableStatus,
    CreationDateTime: stored.CreationDateTime,
    ProvisionedThroughput: stored.ProvisionedThroughput,
    TableSizeBytes: table.sizeBytes,
    ItemCount: table.itemCount,
    TableArn: tableArn(context, stored.TableName),
    TableId: stored.TableId,
  };
  if (stored.BillingModeSummary) rendered.BillingModeSummary = stored.BillingModeSummary;
  if (stored.LocalSecondaryIndexes) {
    rendered.LocalSecondaryIndexes = stored.LocalSecondaryIndexes.map((index) => {
      const indexStatistics = statistics(index.IndexName);
      return {
        IndexName: index.IndexName,
        KeySchema: index.KeySchema,
        Projection: index.Projection,
        IndexSizeBytes: indexStatistics.sizeBytes,
        ItemCount: indexStatistics.itemCount,
        IndexArn: indexArn(context, stored.TableName, index.IndexName),
      };
    });
  }
  const globals = [...(stored.GlobalSecondaryIndexes ?? []), ...extraGlobalIndexes];
  if (globals.length > 0) {
    rendered.GlobalSecondaryIndexes = globals.map((index) => {
      // A GSI whose backfill still runs in the background is CREATING, `Backfilling`.
      const backfilling = definition.backfills?.globalIndex === index.IndexName && options.newIndex !== index.IndexName;
      const status = options.indexStatus?.[index.IndexName] ?? (backfilling ? 'CREATING' : 'ACTIVE');
      const rendering: Record<string, unknown> = {
        IndexName: index.IndexName,
        KeySchema: index.KeySchema,
        Projection: index.Projection,
        IndexStatus: status,
      };
      const isNew = index.IndexName === options.newIndex;
      if (isNew) rendering.Backfilling = false;
      else if (backfilling) rendering.Backfilling = true;
      rendering.ProvisionedThroughput = index.ProvisionedThroughput;
      if (!isNew) {
        const indexStatistics = status === 'DELETING' ? { itemCount: 0, sizeBytes: 0 } : statistics(index.IndexName);
        rendering.IndexSizeBytes = indexStatistics.sizeBytes;
        rendering.ItemCount = indexStatistics.itemCount;
      }
      rendering.IndexArn = indexArn(context, stored.TableName, index.IndexName);
      return rendering;
    });
  }
  if (stored.StreamSpecification) rendered.StreamSpecification = stored.StreamSpecification;
  if (stored.LatestStreamLabel) {
    rendered.LatestStreamLabel = stored.LatestStreamLabel;
    rendered.LatestStreamArn = streamArn(context, stored.TableName, stored.LatestStreamLabel);
  }
  rendered.DeletionProtectionEnabled = stored.DeletionProtectionEnabled;
  return rendered;
}
