import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  PutItemCommand,
  UpdateTableCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ListStreamsCommand,
  type DynamoDBStreamsClient,
} from '@aws-sdk/client-dynamodb-streams';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient, createLocalStreamsClient } from '../../src/local/index.js';

const start = Date.UTC(2026, 0, 1, 12, 0, 0);
let clock = start;
let engine: Engine;
let client: DynamoDBClient;
let streams: DynamoDBStreamsClient;
const hour = 60 * 60 * 1000;

beforeEach(() => {
  clock = start;
  engine = new Engine({ inMemory: true, now: () => clock, ttlReapIntervalMs: 0, streamShardDurationMs: hour });
  client = createLocalClient({ engine });
  streams = createLocalStreamsClient(engine);
});

afterEach(() => {
  streams.destroy();
  client.destroy();
  engine.close();
});

async function createTable(stream?: { StreamEnabled: boolean; StreamViewType?: 'KEYS_ONLY' | 'NEW_IMAGE' }) {
  return client.send(
    new CreateTableCommand({
      TableName: 'events',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: stream,
    }),
  );
}

const updateStream = (spec: { StreamEnabled: boolean; StreamViewType?: 'KEYS_ONLY' | 'NEW_IMAGE' }) =>
  client.send(new UpdateTableCommand({ TableName: 'events', StreamSpecification: spec }));
const put = (pk: string) => client.send(new PutItemCommand({ TableName: 'events', Item: { pk: { S: pk } } }));

async function errorOf(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  throw new Error('expected an error');
}

async function iterator(arn: string, shardId: string, type: string, sequenceNumber?: string) {
  const answer = await streams.send(
    new GetShardIteratorCommand({
      StreamArn: arn,
      ShardId: shardId,
      ShardIteratorType: type as 'LATEST',
      SequenceNumber: sequenceNumber,
    }),
  );
  return answer.ShardIterator as string;
}

async function shardsOf(arn: string) {
  return (await streams.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription?.Shards ?? [];
}

describe('enabling and disabling a stream', () => {
  it('UpdateTable enables a stream; the answer carries the new ARN', async () => {
    await createTable();
    clock += 1000;
    const { TableDescription } = await updateStream({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' });
    expect(TableDescription?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' });
    expect(TableDescription?.LatestStreamLabel).toBe('2026-01-01T12:00:01.000');
  });

  it('rejects with AWS messages: enable twice, enable without view type, disable with view type, disable without stream', async () => {
    await createTable();
    expect(await errorOf(updateStream({ StreamEnabled: false }))).toEqual({
      name: 'ValidationException',
      message: 'Table has no stream to disable: TableName: events',
    });
    expect(await errorOf(updateStream({ StreamEnabled: true }))).toEqual({
      name: 'ValidationException',
      message: 'One or more parameter values were invalid: If stream is being enabled then UpdateViewType is required',
    });
    expect(await errorOf(updateStream({ StreamEnabled: false, StreamViewType: 'KEYS_ONLY' }))).toEqual({
      name: 'ValidationException',
      message:
        'One or more parameter values were invalid: If stream is being disabled, then UpdateViewType must not be specified',
    });
    await updateStream({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' });
    expect(await errorOf(updateStream({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' }))).toEqual({
      name: 'ValidationException',
      message: 'Table already has an enabled stream: TableName: events',
    });
  });

  it('CreateTable with StreamEnabled false creates no stream; with a view type but disabled it fails', async () => {
    expect((await errorOf(createTable({ StreamEnabled: false, StreamViewType: 'KEYS_ONLY' }))).name).toBe(
      'ValidationException',
    );
    expect((await errorOf(createTable({ StreamEnabled: true }))).name).toBe('ValidationException');
    const { TableDescription } = await createTable({ StreamEnabled: false });
    expect(TableDescription?.StreamSpecification).toBeUndefined();
    expect(TableDescription?.LatestStreamArn).toBeUndefined();
  });

  it('disabling keeps the old stream readable and DISABLED; re-enabling mints a new ARN and label', async () => {
    const first = (await createTable({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' })).TableDescription
      ?.LatestStreamArn as string;
    await put('a');
    clock += 1000;
    await updateStream({ StreamEnabled: false });
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'events' }));
    expect(Table?.StreamSpecification).toBeUndefined();
    expect(Table?.LatestStreamArn).toBe(first);
    await put('b');
    const described = (await streams.send(new DescribeStreamCommand({ StreamArn: first }))).StreamDescription;
    expect(described?.StreamStatus).toBe('DISABLED');
    const [shard] = described?.Shards ?? [];
    expect(shard.SequenceNumberRange?.EndingSequenceNumber).toBeDefined();
    const answer = await streams.send(
      new GetRecordsCommand({ ShardIterator: await iterator(first, shard.ShardId as string, 'TRIM_HORIZON') }),
    );
    expect(answer.Records?.map((record) => record.dynamodb?.Keys?.pk.S)).toEqual(['a']);
    expect(answer.NextShardIterator).toBeUndefined();

    clock += 1000;
    const second = (await updateStream({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' })).TableDescription
      ?.LatestStreamArn;
    expect(second).not.toBe(first);
    const listed = await streams.send(new ListStreamsCommand({ TableName: 'events' }));
    expect(listed.Streams?.map((stream) => stream.StreamArn)).toEqual([second, first]);
  });

  it('a deleted table leaves its stream listed and DISABLED', async () => {
    const arn = (await createTable({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' })).TableDescription
      ?.LatestStreamArn as string;
    await client.send(new DeleteTableCommand({ TableName: 'events' }));
    expect((await streams.send(new ListStreamsCommand({}))).Streams?.map((stream) => stream.StreamArn)).toEqual([arn]);
    expect((await streams.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription?.StreamStatus).toBe(
      'DISABLED',
    );
  });

  it('DescribeStream answers ResourceNotFoundException for an unknown stream', async () => {
    const arn = 'arn:aws:dynamodb:us-east-1:000000000000:table/events/stream/2020-01-01T00:00:00.000';
    expect(await errorOf(streams.send(new DescribeStreamCommand({ StreamArn: arn })))).toEqual({
      name: 'ResourceNotFoundException',
      message: `Requested resource not found: Stream: ${arn} not found`,
    });
  });
});

describe('shards and iterators', () => {
  it('shards roll over with parent/child lineage; sequence numbers increase across them', async () => {
    const arn = (await createTable({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' })).TableDescription
      ?.LatestStreamArn as string;
    await put('a');
    clock += hour;
    await put('b');
    clock += hour;
    const shards = await shardsOf(arn);
    expect(shards).toHaveLength(3);
    expect(shards[0].ParentShardId).toBeUndefined();
    expect(shards[1].ParentShardId).toBe(shards[0].ShardId);
    expect(shards[2].ParentShardId).toBe(shards[1].ShardId);
    expect(shards[0].SequenceNumberRange?.EndingSequenceNumber).toBeDefined();
    expect(shards[1].SequenceNumberRange?.EndingSequenceNumber).toBeDefined();
    expect(shards[2].SequenceNumberRange?.EndingSequenceNumber).toBeUndefined();
    expect(shards[0].ShardId).toMatch(/^shardId-\d{20}-[0-9a-f]{8}$/);
    const children = await streams.send(
      new DescribeStreamCommand({ StreamArn: arn, ShardFilter: { Type: 'CHILD_SHARDS', ShardId: shards[0].ShardId } }),
    );
    expect(children.StreamDescription?.Shards?.map((shard) => shard.ShardId)).toEqual([shards[1].ShardId]);
    const first = await streams.send(
      new GetRecordsCommand({ ShardIterator: await iterator(arn, shards[0].ShardId as string, 'TRIM_HORIZON') }),
    );
    expect(first.Records?.map((record) => record.dynamodb?.Keys?.pk.S)).toEqual(['a']);
    expect(first.NextShardIterator).toBeUndefined();
    const open = await streams.send(
      new GetRecordsCommand({ ShardIterator: await iterator(arn, shards[2].ShardId as string, 'TRIM_HORIZON') }),
    );
    expect(open.Records).toEqual([]);
    expect(open.NextShardIterator).toBeDefined();
  });

  it('LATEST, AT_SEQUENCE_NUMBER and AFTER_SEQUENCE_NUMBER position the iterator', async () => {
    const arn = (await createTable({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' })).TableDescription
      ?.LatestStreamArn as string;
    await put('a');
    await put('b');
    const [shard] = await shardsOf(arn);
    const shardId = shard.ShardId as string;
    const latest = await iterator(arn, shardId, 'LATEST');
    await put('c');
    const keys = async (it: string) =>
      (await streams.send(new GetRecordsCommand({ ShardIterator: it }))).Records?.map(
        (record) => record.dynamodb?.Keys?.pk.S,
      );
    expect(await keys(latest)).toEqual(['c']);
    const all = await streams.send(
      new GetRecordsCommand({ ShardIterator: await iterator(arn, shardId, 'TRIM_HORIZON') }),
    );
    const second = all.Records?.[1].dynamodb?.SequenceNumber as string;
    expect(await keys(await iterator(arn, shardId, 'AT_SEQUENCE_NUMBER', second))).toEqual(['b', 'c']);
    expect(await keys(await iterator(arn, shardId, 'AFTER_SEQUENCE_NUMBER', second))).toEqual(['c']);
  });

  it('GetRecords pages with Limit and NextShardIterator; Limit over 1000 is refused', async () => {
    const arn = (await createTable({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' })).TableDescription
      ?.LatestStreamArn as string;
    for (const pk of ['a', 'b', 'c']) await put(pk);
    const [shard] = await shardsOf(arn);
    const it = await iterator(arn, shard.ShardId as string, 'TRIM_HORIZON');
    const page = await streams.send(new GetRecordsCommand({ ShardIterator: it, Limit: 2 }));
    expect(page.Records).toHaveLength(2);
    const rest = await streams.send(new GetRecordsCommand({ ShardIterator: page.NextShardIterator }));
    expect(rest.Records?.map((record) => record.dynamodb?.Keys?.pk.S)).toEqual(['c']);
    expect((await errorOf(streams.send(new GetRecordsCommand({ ShardIterator: it, Limit: 1001 })))).name).toBe(
      'ValidationException',
    );
    expect(await errorOf(streams.send(new GetRecordsCommand({ ShardIterator: 'nonsense' })))).toEqual({
      name: 'ValidationException',
      message: 'Invalid ShardIterator',
    });
  });

  it('an iterator expires after 15 minutes', async () => {
    const arn = (await createTable({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' })).TableDescription
      ?.LatestStreamArn as string;
    const [shard] = await shardsOf(arn);
    const it = await iterator(arn, shard.ShardId as string, 'TRIM_HORIZON');
    clock += 15 * 60 * 1000 + 1;
    expect((await errorOf(streams.send(new GetRecordsCommand({ ShardIterator: it })))).name).toBe(
      'ExpiredIteratorException',
    );
  });

  it('records past 24 hours are trimmed: TRIM_HORIZON skips them, a sequence number into them fails', async () => {
    const arn = (await createTable({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' })).TableDescription
      ?.LatestStreamArn as string;
    await put('old');
    const [shard] = await shardsOf(arn);
    const shardId = shard.ShardId as string;
    const oldSeq = (
      await streams.send(new GetRecordsCommand({ ShardIterator: await iterator(arn, shardId, 'TRIM_HORIZON') }))
    ).Records?.[0].dynamodb?.SequenceNumber as string;
    const before = await iterator(arn, shardId, 'AT_SEQUENCE_NUMBER', oldSeq);
    clock += 24 * hour + 1;
    expect((await errorOf(iterator(arn, shardId, 'AT_SEQUENCE_NUMBER', oldSeq))).name).toBe(
      'TrimmedDataAccessException',
    );
    expect((await errorOf(streams.send(new GetRecordsCommand({ ShardIterator: before })))).name).toBe(
      'ExpiredIteratorException',
    );
    const shards = await shardsOf(arn);
    const answer = await streams.send(
      new GetRecordsCommand({ ShardIterator: await iterator(arn, shards[0].ShardId as string, 'TRIM_HORIZON') }),
    );
    expect(answer.Records).toEqual([]);
  });

  it('an unknown shard is ResourceNotFoundException', async () => {
    const arn = (await createTable({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' })).TableDescription
      ?.LatestStreamArn as string;
    expect(await errorOf(iterator(arn, 'shardId-00000001414562045508-2bac9cd2', 'TRIM_HORIZON'))).toEqual({
      name: 'ResourceNotFoundException',
      message: 'Requested resource not found: Shard does not exist',
    });
  });
});
