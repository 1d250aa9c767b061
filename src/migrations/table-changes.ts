import {
  DescribeTableCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { ModelDefinition } from '../model/model.js';
import type { MigrationStep } from './plan-types.js';

type Step<K extends MigrationStep['kind']> = Extract<MigrationStep, { kind: K }>;

/** Waits until the table is ACTIVE and `indexName` is ACTIVE (or, with `gone`, absent). */
async function waitForIndex(
  client: DynamoDBClient,
  tableName: string,
  indexName: string,
  gone: boolean,
  pollMs: number,
): Promise<void> {
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const index = Table?.GlobalSecondaryIndexes?.find((candidate) => candidate.IndexName === indexName);
    const ready = gone ? index === undefined : index?.IndexStatus === 'ACTIVE' && index.Backfilling !== true;
    if (ready && Table?.TableStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Creates one global secondary index and waits for it to be ACTIVE: DynamoDB builds one new
 * index at a time per table. An index already there (an `apply` that stopped after asking for
 * it) is only waited for.
 */
export async function createIndex(
  client: DynamoDBClient,
  tableName: string,
  model: ModelDefinition,
  step: Step<'create-index'>,
  pollMs: number,
): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (!Table?.GlobalSecondaryIndexes?.some((index) => index.IndexName === step.indexName)) {
    const billing = model.table.billingMode;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [...step.attributeDefinitions],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: step.indexName,
              KeySchema: [...step.keySchema],
              Projection: step.projection,
              ...(billing.mode === 'PROVISIONED'
                ? {
                    ProvisionedThroughput: {
                      ReadCapacityUnits: billing.readCapacityUnits,
                      WriteCapacityUnits: billing.writeCapacityUnits,
                    },
                  }
                : {}),
            },
          },
        ],
      }),
    );
  }
  await waitForIndex(client, tableName, step.indexName, false, pollMs);
}

/** Deletes one global secondary index and waits until it is gone. */
export async function deleteIndex(
  client: DynamoDBClient,
  tableName: string,
  step: Step<'delete-index'>,
  pollMs: number,
): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (Table?.GlobalSecondaryIndexes?.some((index) => index.IndexName === step.indexName)) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: step.indexName } }],
      }),
    );
  }
  await waitForIndex(client, tableName, step.indexName, true, pollMs);
}

/** Applies TTL, stream, billing mode and point-in-time recovery as the model declares them. */
export async function applySettings(
  client: DynamoDBClient,
  tableName: string,
  model: ModelDefinition,
  step: Step<'table-settings'>,
): Promise<void> {
  const table = model.table;
  for (const change of step.changes) {
    if (change.setting === 'time-to-live') {
      // TTL moves to another attribute only through "disabled".
      const attribute = /'(.*)'/.exec(change.from)?.[1];
      if (attribute !== undefined) {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName: tableName,
            TimeToLiveSpecification: { AttributeName: attribute, Enabled: false },
          }),
        );
      }
      if (table.timeToLiveAttribute) {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName: tableName,
            TimeToLiveSpecification: { AttributeName: table.timeToLiveAttribute, Enabled: true },
          }),
        );
      }
    } else if (change.setting === 'stream') {
      if (change.from !== 'none') {
        await client.send(
          new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }),
        );
      }
      if (table.stream) {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream.viewType },
          }),
        );
      }
    } else if (change.setting === 'billing-mode') {
      const billing = table.billingMode;
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          BillingMode: billing.mode,
          ...(billing.mode === 'PROVISIONED'
            ? {
                ProvisionedThroughput: {
                  ReadCapacityUnits: billing.readCapacityUnits,
                  WriteCapacityUnits: billing.writeCapacityUnits,
                },
              }
            : {}),
        }),
      );
    } else {
      await client.send(
        new UpdateContinuousBackupsCommand({
          TableName: tableName,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: table.pointInTimeRecovery },
        }),
      );
    }
  }
}
