import {
  DescribeTableCommand,
  type DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ListStreamsCommand } from '@aws-sdk/client-dynamodb-streams';
import { closeIdleInMemoryDatabases, createLocalClient, createLocalStreamsClient } from '../../src/local/index.js';
import { createSampleTable } from './support/sample-table.js';

/*
 * A fresh in-memory client per test, as a suite isolates its tests: the database a destroyed
 * client's engine used is handed to the next one (private-database-pool.ts), which must see
 * nothing of it, through the SDK as a test would look.
 */

/** The sample table (pk/sk, GSI1) with a stream, as the test before and this one make it. */
async function createJobsTable(client: DynamoDBClient): Promise<void> {
  await createSampleTable(client, 'jobs');
  await client.send(
    new UpdateTableCommand({
      TableName: 'jobs',
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
}

const inMemoryClient = () => createLocalClient({ inMemory: true, engineOptions: { ttlReapIntervalMs: 0 } });

async function testThatWritesJobs(): Promise<void> {
  const client = inMemoryClient();
  const documents = DynamoDBDocumentClient.from(client);
  await createJobsTable(client);
  for (let i = 0; i < 10; i++) {
    await documents.send(
      new PutCommand({ TableName: 'jobs', Item: { pk: 'JOB#1', sk: `T#${i}`, gsi1pk: 'open', gsi1sk: `T#${i}` } }),
    );
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
      await createJobsTable(client);
      const query = new QueryCommand({
        TableName: 'jobs',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'JOB#1' },
      });
      expect((await documents.send(query)).Count).toBe(0);
      const openJobs = new ScanCommand({ TableName: 'jobs', IndexName: 'GSI1' });
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
