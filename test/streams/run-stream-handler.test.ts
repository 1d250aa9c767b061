import { CreateTableCommand, PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient } from '../../src/local/index.js';
import {
  runStreamHandler,
  type DynamoDBStreamEvent,
  type RunningStreamHandler,
  type StreamHandlerFailure,
} from '../../src/streams/index.js';

let clock = Date.UTC(2026, 0, 1);
let engine: Engine;
let client: DynamoDBClient;
let running: RunningStreamHandler | undefined;

beforeEach(async () => {
  clock = Date.UTC(2026, 0, 1);
  engine = new Engine({ inMemory: true, now: () => clock, ttlReapIntervalMs: 0 });
  client = createLocalClient({ engine });
  await client.send(
    new CreateTableCommand({
      TableName: 'jobs',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
});

afterEach(async () => {
  await running?.stop();
  running = undefined;
  client.destroy();
  engine.close();
});

const put = (pk: string, status = 'open') =>
  client.send(new PutItemCommand({ TableName: 'jobs', Item: { pk: { S: pk }, status: { S: status } } }));
const keysOf = (event: DynamoDBStreamEvent) => event.Records.map((record) => record.dynamodb?.Keys?.pk.S);

describe('runStreamHandler', () => {
  it('calls the handler with the event Lambda would send, and drain waits for it', async () => {
    const events: DynamoDBStreamEvent[] = [];
    running = runStreamHandler({
      client,
      tableName: 'jobs',
      startingPosition: 'TRIM_HORIZON',
      handler: (event) => void events.push(event),
    });
    await put('a');
    await put('b');
    await running.drain();
    expect(events.flatMap(keysOf)).toEqual(['a', 'b']);
    const [record] = events[0].Records;
    expect(record.eventSourceARN).toMatch(/^arn:aws:dynamodb:us-east-1:000000000000:table\/jobs\/stream\//);
    expect(record).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      eventVersion: '1.1',
      awsRegion: 'us-east-1',
    });
    expect(record.dynamodb?.NewImage).toEqual({ pk: { S: 'a' }, status: { S: 'open' } });
    expect(typeof record.dynamodb?.ApproximateCreationDateTime).toBe('number');
  });

  it('LATEST skips what was written before it started; batchSize bounds each event', async () => {
    await put('before');
    const events: DynamoDBStreamEvent[] = [];
    // A write wakes the handler at once; the window holds the three records for one drain.
    running = runStreamHandler({
      engine,
      tableName: 'jobs',
      startingPosition: 'LATEST',
      batchSize: 2,
      maximumBatchingWindowInSeconds: 300,
      handler: (event) => void events.push(event),
    });
    for (const pk of ['a', 'b', 'c']) await put(pk);
    await running.drain();
    expect(events.map(keysOf)).toEqual([['a', 'b'], ['c']]);
  });

  it('a write through the engine wakes the handler at once, without waiting for a poll or a drain', async () => {
    let delivered: (keys: string[]) => void = () => undefined;
    const invoked = new Promise<string[]>((resolve) => (delivered = resolve));
    running = runStreamHandler({
      client,
      tableName: 'jobs',
      startingPosition: 'LATEST',
      pollIntervalMs: 600_000,
      handler: (event) => delivered(keysOf(event) as string[]),
    });
    await put('woken');
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('not invoked within 2 s'), 2000).unref());
    expect(await Promise.race([invoked, timeout])).toEqual(['woken']);
  });

  it('partial batch failures retry from the lowest failed record', async () => {
    const seen: string[][] = [];
    let failOnce = true;
    running = runStreamHandler({
      client,
      tableName: 'jobs',
      startingPosition: 'TRIM_HORIZON',
      maximumBatchingWindowInSeconds: 300,
      functionResponseTypes: ['ReportBatchItemFailures'],
      handler: (event) => {
        seen.push(keysOf(event) as string[]);
        if (!failOnce) return { batchItemFailures: [] };
        failOnce = false;
        return { batchItemFailures: [{ itemIdentifier: event.Records[1].dynamodb?.SequenceNumber as string }] };
      },
    });
    for (const pk of ['a', 'b', 'c']) await put(pk);
    await running.drain();
    expect(seen).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c'],
    ]);
  });

  it('bisects a failing batch and gives up on the poison record after its retries: onFailure, drain rejects', async () => {
    const handled: string[] = [];
    const failures: StreamHandlerFailure[] = [];
    running = runStreamHandler({
      client,
      tableName: 'jobs',
      startingPosition: 'TRIM_HORIZON',
      bisectBatchOnFunctionError: true,
      maximumRetryAttempts: 2,
      onFailure: (failure) => failures.push(failure),
      handler: (event) => {
        if (keysOf(event).includes('poison')) throw new Error('cannot handle poison');
        handled.push(...(keysOf(event) as string[]));
      },
    });
    for (const pk of ['a', 'poison', 'c', 'd']) await put(pk);
    await expect(running.drain()).rejects.toThrow('cannot handle poison');
    expect(handled).toEqual(['a', 'c', 'd']);
    expect(
      failures.map((failure) => [failure.condition, failure.records.map((record) => record.dynamodb?.Keys?.pk.S)]),
    ).toEqual([['RetryAttemptsExhausted', ['poison']]]);
    await put('e');
    await running.drain();
    expect(handled).toEqual(['a', 'c', 'd', 'e']);
  });

  it('filter criteria hand only matching records to the handler', async () => {
    const events: DynamoDBStreamEvent[] = [];
    running = runStreamHandler({
      client,
      tableName: 'jobs',
      startingPosition: 'TRIM_HORIZON',
      filterCriteria: {
        Filters: [{ Pattern: JSON.stringify({ dynamodb: { NewImage: { status: { S: ['done'] } } } }) }],
      },
      handler: (event) => void events.push(event),
    });
    await put('a', 'open');
    await put('b', 'done');
    await running.drain();
    expect(events.flatMap(keysOf)).toEqual(['b']);
  });

  it('records older than maximumRecordAgeInSeconds are discarded', async () => {
    await put('old');
    clock += 120_000;
    const failures: StreamHandlerFailure[] = [];
    const handled: string[] = [];
    running = runStreamHandler({
      client,
      tableName: 'jobs',
      startingPosition: 'TRIM_HORIZON',
      maximumRecordAgeInSeconds: 60,
      onFailure: (failure) => failures.push(failure),
      handler: (event) => void handled.push(...(keysOf(event) as string[])),
    });
    await put('new');
    await expect(running.drain()).rejects.toThrow('record age exceeded');
    expect(handled).toEqual(['new']);
    expect(failures[0].condition).toBe('RecordAgeExceeded');
  });
});
