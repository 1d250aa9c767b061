import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { describe, expect, it } from 'vitest';
import { createLocalStreamsClient } from '../../src/local/index.js';
import { availableEngines, uniqueTableName, type TestEngine } from '../support/engines.js';

/**
 * The same writes on monotable and on AWS DynamoDB Local 3.3.1 (which has streams) give
 * the same records: event names, keys, images per view type, order, sizes, and the same
 * answers to each iterator type. Left out where DynamoDB Local differs from DynamoDB
 * (facts file): its ApproximateCreationDateTime is rounded to the minute, its event ids are
 * UUIDs, its region is `ddblocal`.
 */
function streamsClientOf(engine: TestEngine, client: DynamoDBClient): DynamoDBStreamsClient {
  if (engine.name === 'in-process') return createLocalStreamsClient(client);
  return new DynamoDBStreamsClient({
    endpoint: client.config.endpoint as never,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

/** Sets hold no order: compared sorted. */
function sortedSets(image: Record<string, unknown> | undefined): unknown {
  if (image === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(image).map(([name, value]) => {
      const set = value as { SS?: string[]; NS?: string[] };
      if (set.SS) return [name, { SS: [...set.SS].sort() }];
      if (set.NS) return [name, { NS: [...set.NS].sort() }];
      return [name, value];
    }),
  );
}

/** What both engines must agree on, per record. */
function comparable(record: _Record) {
  return {
    eventName: record.eventName,
    eventSource: record.eventSource,
    eventVersion: record.eventVersion,
    keys: record.dynamodb?.Keys,
    newImage: sortedSets(record.dynamodb?.NewImage),
    oldImage: sortedSets(record.dynamodb?.OldImage),
    sizeBytes: record.dynamodb?.SizeBytes,
    userIdentity: record.userIdentity,
    viewType: record.dynamodb?.StreamViewType,
  };
}

const VIEW_TYPES = ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES'] as const;

/** The scenarios, run on one engine; each answers what the engines must agree on. */
function scenariosOn(engine: TestEngine) {
  const client = engine.client();
  const streams = streamsClientOf(engine, client);

  async function streamed(viewType: (typeof VIEW_TYPES)[number]) {
    const table = uniqueTableName('streams');
    const created = await client.send(
      new CreateTableCommand({
        TableName: table,
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'N' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamEnabled: true, StreamViewType: viewType },
      }),
    );
    const arn = created.TableDescription?.LatestStreamArn as string;
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
    const shardId = StreamDescription?.Shards?.[0].ShardId as string;
    expect(StreamDescription?.StreamStatus).toBe('ENABLED');
    expect(StreamDescription?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    const iterator = async (
      type: 'TRIM_HORIZON' | 'LATEST' | 'AT_SEQUENCE_NUMBER' | 'AFTER_SEQUENCE_NUMBER',
      sequenceNumber?: string,
    ) =>
      (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: arn,
            ShardId: shardId,
            ShardIteratorType: type,
            SequenceNumber: sequenceNumber,
          }),
        )
      ).ShardIterator as string;
    const read = async (shardIterator: string) =>
      (await streams.send(new GetRecordsCommand({ ShardIterator: shardIterator }))).Records ?? [];
    return { table, iterator, read };
  }

  async function writeScenario(table: string): Promise<void> {
    const key = (pk: string, sk: number) => ({ pk: { S: pk }, sk: { N: String(sk) } });
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: { ...key('a', 1), colour: { S: 'red' }, tags: { SS: ['x', 'y'] } },
      }),
    );
    // Equal data (set order): no record. (Number forms such as 7.0 stay out: DynamoDB Local stores them as sent.)
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: { tags: { SS: ['y', 'x'] }, colour: { S: 'red' }, ...key('a', 1) },
      }),
    );
    await client.send(
      new UpdateItemCommand({
        TableName: table,
        Key: key('a', 1),
        UpdateExpression: 'SET colour = :c, n = :n',
        ExpressionAttributeValues: { ':c': { S: 'blue' }, ':n': { N: '7' } },
      }),
    );
    // Setting the values it has: no record.
    await client.send(
      new UpdateItemCommand({
        TableName: table,
        Key: key('a', 1),
        UpdateExpression: 'SET n = :n',
        ExpressionAttributeValues: { ':n': { N: '7' } },
      }),
    );
    await client
      .send(
        new PutItemCommand({ TableName: table, Item: key('a', 1), ConditionExpression: 'attribute_not_exists(pk)' }),
      )
      .catch(() => undefined);
    await client.send(
      new BatchWriteItemCommand({
        RequestItems: {
          [table]: [
            { PutRequest: { Item: { ...key('b', 2), m: { M: { q: { BOOL: true } } } } } },
            { PutRequest: { Item: key('c', 3) } },
          ],
        },
      }),
    );
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Delete: { TableName: table, Key: key('c', 3) } },
          {
            Update: {
              TableName: table,
              Key: key('d', 4),
              UpdateExpression: 'SET v = :v',
              ExpressionAttributeValues: { ':v': { L: [{ N: '1' }] } },
            },
          },
        ],
      }),
    );
    await client.send(new DeleteItemCommand({ TableName: table, Key: key('missing', 0) }));
    await client.send(new DeleteItemCommand({ TableName: table, Key: key('a', 1) }));
  }

  return {
    async records(viewType: (typeof VIEW_TYPES)[number]) {
      const { table, iterator, read } = await streamed(viewType);
      await writeScenario(table);
      const records = await read(await iterator('TRIM_HORIZON'));
      const sequence = records.map((record) => BigInt(record.dynamodb?.SequenceNumber as string));
      expect(sequence.every((value, index) => index === 0 || value > sequence[index - 1])).toBe(true);
      return records.map(comparable);
    },
    async iteratorTypes() {
      const { table, iterator, read } = await streamed('KEYS_ONLY');
      const put = (pk: string) =>
        client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: pk }, sk: { N: '0' } } }));
      await put('one');
      const latest = await iterator('LATEST');
      await put('two');
      await put('three');
      const keysOf = (records: _Record[]) => records.map((record) => record.dynamodb?.Keys?.pk.S);
      const all = await read(await iterator('TRIM_HORIZON'));
      const second = all[1].dynamodb?.SequenceNumber as string;
      return {
        latest: keysOf(await read(latest)),
        trimHorizon: keysOf(all),
        at: keysOf(await read(await iterator('AT_SEQUENCE_NUMBER', second))),
        after: keysOf(await read(await iterator('AFTER_SEQUENCE_NUMBER', second))),
      };
    },
    close: () => streams.destroy(),
  };
}

const engines = availableEngines(['in-process', 'dynamodb-local-3']);
const comparing = engines.length === 2;

const skipNote = comparing
  ? ''
  : ` (skipped: needs in-process and dynamodb-local-3, this run has ${engines.map((engine) => engine.name).join(' and ') || 'neither'})`;

describe.skipIf(!comparing)(`stream records, monotable against DynamoDB Local 3.3.1${skipNote}`, () => {
  const [ours, reference] = comparing ? engines.map(scenariosOn) : [];

  for (const viewType of VIEW_TYPES) {
    it(`${viewType}: the same records for the same writes`, async () => {
      const expected = await reference.records(viewType);
      const actual = await ours.records(viewType);
      expect(actual.map((record) => record.eventName)).toEqual([
        'INSERT',
        'MODIFY',
        'INSERT',
        'INSERT',
        'REMOVE',
        'INSERT',
        'REMOVE',
      ]);
      expect(actual).toEqual(expected);
    });
  }

  it('the same answers to every iterator type', async () => {
    const actual = await ours.iteratorTypes();
    expect(actual).toEqual({
      latest: ['two', 'three'],
      trimHorizon: ['one', 'two', 'three'],
      at: ['two', 'three'],
      after: ['three'],
    });
    expect(actual).toEqual(await reference.iteratorTypes());
  });
});
