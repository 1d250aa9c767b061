import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { ModelDefinition } from '../model/model.js';
import { indexKeySchema } from '../model/physical-keys.js';
import { physicalTable } from '../model/physical-table.js';
import { TableNotActiveError } from './errors.js';

/**
 * The CreateTable input of a model's table: string table keys, its GSIs (template or attribute
 * keys, see `physicalKeys`) with their projections, its billing mode, its stream (when the table
 * declares one). Pure. (TTL and point-in-time recovery are separate API calls; see
 * {@link createTableFromModel}.)
 *
 * @example
 * buildCreateTableInput(model, 'research-test').GlobalSecondaryIndexes?.[0].IndexName // 'gsi1'
 */
export function buildCreateTableInput(model: ModelDefinition, tableName = model.table.name): CreateTableCommandInput {
  const table = physicalTable(model.table, tableName);
  const provisioned = table.billing.mode === 'PROVISIONED' ? table.billing : undefined;
  const throughput = provisioned
    ? {
        ProvisionedThroughput: {
          ReadCapacityUnits: provisioned.readCapacityUnits,
          WriteCapacityUnits: provisioned.writeCapacityUnits,
        },
      }
    : {};
  const indexes = table.indexes.map((index) => ({
    IndexName: index.name,
    KeySchema: indexKeySchema(index),
    Projection:
      index.projection.type === 'INCLUDE'
        ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection.attributes] }
        : { ProjectionType: index.projection.type },
    ...throughput,
  }));
  return {
    TableName: table.tableName,
    AttributeDefinitions: table.attributes.map((attribute) => ({
      AttributeName: attribute.name,
      AttributeType: attribute.type,
    })),
    KeySchema: [
      { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: table.sortKey.name, KeyType: 'RANGE' },
    ],
    ...(indexes.length > 0 ? { GlobalSecondaryIndexes: indexes } : {}),
    BillingMode: table.billing.mode,
    ...throughput,
    ...(table.stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream.viewType } } : {}),
  };
}

/** Options of {@link createTableFromModel}. */
export interface CreateTableOptions {
  /** Physical table name (default: the model's). */
  readonly tableName?: string;
  /** How long to wait for the table to become ACTIVE before giving up (default 60 000 ms). */
  readonly activeTimeoutMs?: number;
  /** Delay between two DescribeTable calls while waiting (default 100 ms). */
  readonly pollIntervalMs?: number;
}

/**
 * Creates the model's table (with its stream, when declared), waits until it is ACTIVE and
 * enables TTL on its TTL attribute.
 * Point-in-time recovery is left to infrastructure code (local engines have no backups). A table
 * still not ACTIVE after `activeTimeoutMs` fails with {@link TableNotActiveError} (naming the table
 * and the last status seen), and TTL is then left alone.
 *
 * @example
 * await createTableFromModel(client, model, { tableName: 'research-dev' });
 */
export async function createTableFromModel(
  client: DynamoDBClient,
  model: ModelDefinition,
  options: CreateTableOptions = {},
): Promise<void> {
  const tableName = options.tableName ?? model.table.name;
  const timeoutMs = options.activeTimeoutMs ?? 60_000;
  const intervalMs = options.pollIntervalMs ?? 100;
  await client.send(new CreateTableCommand(buildCreateTableInput(model, tableName)));
  const started = Date.now();
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') break;
    if (Date.now() - started >= timeoutMs) throw new TableNotActiveError(tableName, Table?.TableStatus, timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  if (model.table.timeToLiveAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: model.table.timeToLiveAttribute, Enabled: true },
      }),
    );
  }
}
