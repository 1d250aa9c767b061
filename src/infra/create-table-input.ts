import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { ModelDefinition } from '../model/index.js';
import { keyAttributes, tableSpec, type TableSpec } from './table-spec.js';

/**
 * The CreateTable request for a table spec: the same keys, indexes, projections and billing
 * as the CDK construct and the CloudFormation template. (TTL and point-in-time recovery are
 * separate API calls; see `createTableFromModel`.)
 */
export function createTableInput(spec: TableSpec): CreateTableCommandInput {
  const provisioned =
    spec.billing.mode === 'PROVISIONED'
      ? { ReadCapacityUnits: spec.billing.readCapacityUnits, WriteCapacityUnits: spec.billing.writeCapacityUnits }
      : undefined;
  return {
    TableName: spec.tableName,
    KeySchema: [
      { AttributeName: spec.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: spec.sortKey.name, KeyType: 'RANGE' },
    ],
    AttributeDefinitions: keyAttributes(spec).map((attribute) => ({ AttributeName: attribute.name, AttributeType: attribute.type })),
    ...(provisioned ? { BillingMode: 'PROVISIONED', ProvisionedThroughput: provisioned } : { BillingMode: 'PAY_PER_REQUEST' }),
    ...(spec.globalIndexes.length > 0
      ? {
          GlobalSecondaryIndexes: spec.globalIndexes.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
              ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' as const }] : []),
            ],
            Projection:
              index.projection.type === 'INCLUDE'
                ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection.attributes] }
                : { ProjectionType: index.projection.type },
            ...(provisioned ? { ProvisionedThroughput: provisioned } : {}),
          })),
        }
      : {}),
  };
}

/**
 * Creates a model's table on any engine (the local one, `monotable serve`, DynamoDB Local)
 * unless it exists, waits until it is active and enables its TTL attribute. Returns whether it
 * created the table. On AWS, prefer the CDK construct or CloudFormation template.
 *
 * @example
 * await createTableFromModel(createLocalClient({ path: 'app.db' }), model);
 */
export async function createTableFromModel(client: DynamoDBClient, model: ModelDefinition, options: { tableName?: string } = {}): Promise<boolean> {
  const spec = tableSpec(model, options);
  try {
    await client.send(new DescribeTableCommand({ TableName: spec.tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(spec)));
  await waitUntilTableExists({ client, maxWaitTime: 300, minDelay: 1, maxDelay: 5 }, { TableName: spec.tableName });
  if (spec.timeToLiveAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: spec.tableName,
        TimeToLiveSpecification: { AttributeName: spec.timeToLiveAttribute, Enabled: true },
      }),
    );
  }
  return true;
}
