import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DescribeTableCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type DynamoDBStreamsClient,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient, createLocalStreamsClient } from '../../src/local/index.js';

let clock = Date.UTC(2026, 0, 1, 12, 0, 0);
let engine: Engine;
let client: DynamoDBClient;
let streams: DynamoDBStreamsClient;

beforeEach(() => {
  clock = Date.UTC(2026, 0, 1, 12, 0, 0);
  engine = new Engine({ inMemory: true, now: () => clock, ttlReapIntervalMs: 0 });
  client = createLocalClient({ engine });
  streams = createLocalStreamsClient(client);
});

afterEach(() => {
  streams.destroy();
  client.destroy();
  engine.close();
});

async function createTable(viewType?: string, name = 'events'): Promise<string | undefined> {
  const answer = await client.send(
    new CreateTableCommand({
      TableName: name,
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      ...(viewType ? { StreamSpecification: { StreamEnabled: true, StreamViewType: viewType as 'KEYS_ONLY' } } : {}),
    }),
  );
  return answer.TableDescription?.LatestStreamArn;
}

async function readAll(streamArn: string): Promise<_Record[]> {
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  const records: _Record[] = [];
  for (const shard of StreamDescription?.Shards ?? []) {
    let iterator = (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      )
    ).ShardIterator;
    for (let page = 0; iterator && page < 20; page++) {
      const answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      records.push(...(answer.Records ?? []));
      if ((answer.Records ?? []).length === 0) break;
      iterator = answer.NextShardIterator;
    }
  }
  return records;
}

const put = (item: Record<string, unknown>, extra: object = {}) =>
  client.send(new PutItemCommand({ TableName: 'events', Item: item as never, ...extra }));

describe('stream records', () => {
  it('DescribeTable shows StreamSpecification, LatestStreamArn and LatestStreamLabel', async () => {
    const arn = await createTable('NEW_AND_OLD_IMAGES');
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'events' }));
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(Table?.LatestStreamLabel).toBe('2026-01-01T12:00:00.000');
    expect(Table?.LatestStreamArn).toBe(
      'arn:aws:dynamodb:us-east-1:000000000000:table/events/stream/2026-01-01T12:00:00.000',
    );
    expect(arn).toBe(Table?.LatestStreamArn);
  });

  it('a table without a stream has no stream members', async () => {
    await createTable();
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'events' }));
    expect(Table?.StreamSpecification).toBeUndefined();
    expect(Table?.LatestStreamArn).toBeUndefined();
  });

  it('records INSERT, MODIFY and REMOVE with both images, in order, with DynamoDB record shape', async () => {
    const arn = (await createTable('NEW_AND_OLD_IMAGES')) as string;
    await put({ pk: { S: 'a' }, n: { N: '1' } });
    await client.send(
      new UpdateItemCommand({
        TableName: 'events',
        Key: { pk: { S: 'a' } },
        UpdateExpression: 'SET n = :v',
        ExpressionAttributeValues: { ':v': { N: '2' } },
      }),
    );
    await client.send(new DeleteItemCommand({ TableName: 'events', Key: { pk: { S: 'a' } } }));
    const records = await readAll(arn);
    expect(records.map((record) => record.eventName)).toEqual(['INSERT', 'MODIFY', 'REMOVE']);
    const [insert, modify, remove] = records;
    expect(insert).toMatchObject({ eventVersion: '1.1', eventSource: 'aws:dynamodb', awsRegion: 'us-east-1' });
    expect(insert.eventID).toMatch(/^[0-9a-f]{32}$/);
    expect(insert.dynamodb).toMatchObject({
      Keys: { pk: { S: 'a' } },
      NewImage: { pk: { S: 'a' }, n: { N: '1' } },
      StreamViewType: 'NEW_AND_OLD_IMAGES',
      SizeBytes: 3 + 6,
    });
    expect(insert.dynamodb?.OldImage).toBeUndefined();
    expect(insert.dynamodb?.ApproximateCreationDateTime).toEqual(new Date(clock));
    expect(modify.dynamodb).toMatchObject({ OldImage: { n: { N: '1' } }, NewImage: { n: { N: '2' } } });
    expect(remove.dynamodb?.OldImage).toEqual({ pk: { S: 'a' }, n: { N: '2' } });
    expect(remove.dynamodb?.NewImage).toBeUndefined();
    expect(remove.userIdentity).toBeUndefined();
    const sequence = records.map((record) => BigInt(record.dynamodb?.SequenceNumber as string));
    expect(sequence[0] < sequence[1] && sequence[1] < sequence[2]).toBe(true);
    expect(records[0].dynamodb?.SequenceNumber).toMatch(/^\d{21,40}$/);
  });

  it.each([
    ['KEYS_ONLY', [[], [], []]],
    ['NEW_IMAGE', [['NewImage'], ['NewImage'], []]],
    ['OLD_IMAGE', [[], ['OldImage'], ['OldImage']]],
    ['NEW_AND_OLD_IMAGES', [['NewImage'], ['NewImage', 'OldImage'], ['OldImage']]],
  ])('view type %s keeps the images DynamoDB keeps', async (viewType, images) => {
    const arn = (await createTable(viewType as string)) as string;
    await put({ pk: { S: 'a' }, n: { N: '1' } });
    await put({ pk: { S: 'a' }, n: { N: '2' } });
    await client.send(new DeleteItemCommand({ TableName: 'events', Key: { pk: { S: 'a' } } }));
    const records = await readAll(arn);
    expect(
      records.map((record) =>
        Object.keys(record.dynamodb ?? {})
          .filter((key) => key.endsWith('Image'))
          .sort(),
      ),
    ).toEqual(images);
    expect(records.every((record) => record.dynamodb?.StreamViewType === viewType)).toBe(true);
  });

  it('writes that change nothing and failed conditions leave no record', async () => {
    const arn = (await createTable('NEW_AND_OLD_IMAGES')) as string;
    await put({ pk: { S: 'a' }, n: { N: '1' }, s: { SS: ['x', 'y'] }, m: { M: { a: { S: '1' }, b: { S: '2' } } } });
    await put({ m: { M: { b: { S: '2' }, a: { S: '1' } } }, s: { SS: ['y', 'x'] }, n: { N: '1.0' }, pk: { S: 'a' } });
    await client.send(
      new UpdateItemCommand({
        TableName: 'events',
        Key: { pk: { S: 'a' } },
        UpdateExpression: 'SET n = :v',
        ExpressionAttributeValues: { ':v': { N: '1' } },
      }),
    );
    await expect(put({ pk: { S: 'a' } }, { ConditionExpression: 'attribute_not_exists(pk)' })).rejects.toThrow(
      'The conditional request failed',
    );
    await client.send(new DeleteItemCommand({ TableName: 'events', Key: { pk: { S: 'missing' } } }));
    await expect(
      client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: 'events', Item: { pk: { S: 'b' } } } },
            {
              ConditionCheck: {
                TableName: 'events',
                Key: { pk: { S: 'a' } },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      ),
    ).rejects.toThrow();
    expect((await readAll(arn)).map((record) => record.eventName)).toEqual(['INSERT']);
  });

  it('BatchWriteItem and TransactWriteItems write a record per change', async () => {
    const arn = (await createTable('KEYS_ONLY')) as string;
    await client.send(
      new BatchWriteItemCommand({
        RequestItems: {
          events: [{ PutRequest: { Item: { pk: { S: 'a' } } } }, { PutRequest: { Item: { pk: { S: 'b' } } } }],
        },
      }),
    );
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Delete: { TableName: 'events', Key: { pk: { S: 'a' } } } },
          {
            Update: {
              TableName: 'events',
              Key: { pk: { S: 'c' } },
              UpdateExpression: 'SET v = :v',
              ExpressionAttributeValues: { ':v': { S: 'x' } },
            },
          },
        ],
      }),
    );
    const records = await readAll(arn);
    expect(records.map((record) => [record.eventName, record.dynamodb?.Keys?.pk?.S])).toEqual([
      ['INSERT', 'a'],
      ['INSERT', 'b'],
      ['REMOVE', 'a'],
      ['INSERT', 'c'],
    ]);
  });

  it('TTL deletions are REMOVE records by the service', async () => {
    const arn = (await createTable('OLD_IMAGE')) as string;
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: 'events',
        TimeToLiveSpecification: { Enabled: true, AttributeName: 'ttl' },
      }),
    );
    await put({ pk: { S: 'a' }, ttl: { N: String(clock / 1000 - 10) } });
    expect(engine.reapExpiredItems()).toBe(1);
    const records = await readAll(arn);
    expect(records.map((record) => record.eventName)).toEqual(['INSERT', 'REMOVE']);
    expect(records[1].userIdentity).toEqual({ PrincipalId: 'dynamodb.amazonaws.com', Type: 'Service' });
  });
});
