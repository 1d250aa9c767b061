import {
  CreateTableCommand,
  DescribeTableCommand,
  ListTablesCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { closeIdleInMemoryDatabases, createLocalClient, createLocalStreamsClient } from '../../src/local/index.js';
import { ListStreamsCommand } from '@aws-sdk/client-dynamodb-streams';

/*
 * A fresh in-memory client per test, as a suite isolates its tests: the database a destroyed
 * client's engine used is handed to the next one (private-database-pool.ts), which must see
 * nothing of it, through the SDK as a test would look.
 */

const table = {
  TableName: 'jobs',
  BillingMode: 'PAY_PER_REQUEST' as const,
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' as const },
    { AttributeName: 'sk', AttributeType: 'S' as const },
    { AttributeName: 'status', AttributeType: 'S' as const },
  ],
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' as const },
    { AttributeName: 'sk', KeyType: 'RANGE' as const },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'byStatus',
      KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' as const }],
      Projection: { ProjectionType: 'ALL' as const },
    },
  ],
  StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' as const },
};

const inMemoryClient = () => createLocalClient({ inMemory: true, engineOptions: { ttlReapIntervalMs: 0 } });

async function testThatWritesJobs(): Promise<void> {
  const client = inMemoryClient();
  const documents = DynamoDBDocumentClient.from(client);
  await client.send(new CreateTableCommand(table));
  for (let i = 0; i < 10; i++) {
    await documents.send(new PutCommand({ TableName: 'jobs', Item: { pk: 'JOB#1', sk: `T#${i}`, status: 'open' } }));
  }
  client.destroy();
}

describe('a fresh in-memory client per test', () => {
  it('finds nothing of the tests before it, though their databases are reused', async () => {
    closeIdleInMemoryDatabases();
    await testThatWritesJobs();
    const client = inMemoryClient();
    try {
      const documents = DynamoDBDocumentClient.from(client);
      expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      await expect(client.send(new DescribeTableCommand({ TableName: 'jobs' }))).rejects.toBeInstanceOf(
        ResourceNotFoundException,
      );
      await client.send(new CreateTableCommand(table));
      const query = new QueryCommand({
        TableName: 'jobs',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'JOB#1' },
      });
      expect((await documents.send(query)).Count).toBe(0);
      const openJobs = new ScanCommand({ TableName: 'jobs', IndexName: 'byStatus' });
      expect((await documents.send(openJobs)).Count).toBe(0);
      const { Table } = await client.send(new DescribeTableCommand({ TableName: 'jobs' }));
      expect(Table?.ItemCount).toBe(0);
      // Only the new table's stream: the last test's went with its database.
      const streams = createLocalStreamsClient(client);
      expect((await streams.send(new ListStreamsCommand({}))).Streams).toHaveLength(1);
      streams.destroy();
    } finally {
      client.destroy();
    }
    // The two destroyed clients' databases were kept for reuse: this closes them.
    expect(closeIdleInMemoryDatabases()).toBeGreaterThanOrEqual(1);
  });
});
