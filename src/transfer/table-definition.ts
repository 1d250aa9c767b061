import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type AttributeDefinition,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  type KeySchemaElement,
  type LocalSecondaryIndex,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { TableNotFoundError } from './errors.js';

/** What it takes to create a copy of a table elsewhere (name aside). */
export interface TableCopyDefinition {
  readonly keySchema: KeySchemaElement[];
  readonly attributeDefinitions: AttributeDefinition[];
  readonly globalSecondaryIndexes?: GlobalSecondaryIndex[];
  readonly localSecondaryIndexes?: LocalSecondaryIndex[];
  readonly timeToLiveAttribute?: string;
}

/** The ADR's fixed shape: `pk` and `sk`, both strings. */
export const adrTableDefinition: TableCopyDefinition = {
  keySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  attributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'S' },
  ],
};

/** Describes a table, or returns undefined when it does not exist. */
export async function describeTable(client: DynamoDBClient, tableName: string): Promise<TableDescription | undefined> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return Table;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** The names of a table's key attributes, partition key first. */
export async function keyAttributeNames(
  client: DynamoDBClient,
  tableName: string,
  location: string,
): Promise<string[]> {
  const table = await describeTable(client, tableName);
  if (!table?.KeySchema) throw new TableNotFoundError(tableName, location);
  return [...table.KeySchema]
    .sort((a, b) => (a.KeyType === 'HASH' ? -1 : b.KeyType === 'HASH' ? 1 : 0))
    .map((element) => element.AttributeName ?? '');
}

/** Reads an existing table's definition: keys, indexes with their projections, TTL attribute. */
export async function readTableDefinition(
  client: DynamoDBClient,
  tableName: string,
  location: string,
): Promise<TableCopyDefinition> {
  const table = await describeTable(client, tableName);
  if (!table?.KeySchema || !table.AttributeDefinitions) throw new TableNotFoundError(tableName, location);
  const globalSecondaryIndexes = table.GlobalSecondaryIndexes?.map(
    (index): GlobalSecondaryIndex => ({
      IndexName: index.IndexName,
      KeySchema: index.KeySchema,
      Projection: index.Projection,
    }),
  );
  const localSecondaryIndexes = table.LocalSecondaryIndexes?.map(
    (index): LocalSecondaryIndex => ({
      IndexName: index.IndexName,
      KeySchema: index.KeySchema,
      Projection: index.Projection,
    }),
  );
  const timeToLiveAttribute = await readTimeToLiveAttribute(client, tableName);
  return {
    keySchema: table.KeySchema,
    attributeDefinitions: table.AttributeDefinitions,
    ...(globalSecondaryIndexes?.length ? { globalSecondaryIndexes } : {}),
    ...(localSecondaryIndexes?.length ? { localSecondaryIndexes } : {}),
    ...(timeToLiveAttribute ? { timeToLiveAttribute } : {}),
  };
}

/**
 * Creates the table (on-demand billing) unless it exists, and waits until it is active.
 * Returns whether it had to be created.
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  definition: TableCopyDefinition,
): Promise<boolean> {
  if (await describeTable(client, tableName)) return false;
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      KeySchema: definition.keySchema,
      AttributeDefinitions: definition.attributeDefinitions,
      BillingMode: 'PAY_PER_REQUEST',
      ...(definition.globalSecondaryIndexes ? { GlobalSecondaryIndexes: definition.globalSecondaryIndexes } : {}),
      ...(definition.localSecondaryIndexes ? { LocalSecondaryIndexes: definition.localSecondaryIndexes } : {}),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 300, minDelay: 1, maxDelay: 5 }, { TableName: tableName });
  if (definition.timeToLiveAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: definition.timeToLiveAttribute, Enabled: true },
      }),
    );
  }
  return true;
}

async function readTimeToLiveAttribute(client: DynamoDBClient, tableName: string): Promise<string | undefined> {
  try {
    const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    const status = TimeToLiveDescription?.TimeToLiveStatus;
    return status === 'ENABLED' || status === 'ENABLING' ? TimeToLiveDescription?.AttributeName : undefined;
  } catch {
    // TTL settings are a convenience when copying a table; never fail the copy over them.
    return undefined;
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof ResourceNotFoundException ||
    (error as { name?: string } | undefined)?.name === 'ResourceNotFoundException'
  );
}
