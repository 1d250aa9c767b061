import {
  BatchWriteItemCommand,
  CreateTableCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  DynamoDBServiceException,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudOptionsError, Engine, type CloudOptions } from '../../../src/engine/engine.js';
import { closeLocalClient, createLocalClient, type LocalClientMode } from '../../../src/local/index.js';

const clients: DynamoDBClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) closeLocalClient(client);
});

const ARN = 'arn:aws:dynamodb:us-east-1:000000000000:table/hot';

async function clientOnClock(
  mode: LocalClientMode,
  capacity: CloudOptions['capacity'],
  billing: 'PAY_PER_REQUEST' | 'PROVISIONED' = 'PAY_PER_REQUEST',
): Promise<{ client: DynamoDBClient; clock: { now: number } }> {
  const clock = { now: 5_000_000 };
  const client = createLocalClient({
    inMemory: true,
    mode,
    cloud: { capacity },
    engineOptions: { now: () => clock.now, ttlReapIntervalMs: 0 },
    clientConfig: { retryStrategy: new ConfiguredRetryStrategy(1, () => 0) },
  });
  clients.push(client);
  await client.send(
    new CreateTableCommand({
      TableName: 'hot',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      ...(billing === 'PAY_PER_REQUEST'
        ? { BillingMode: 'PAY_PER_REQUEST' }
        : { ProvisionedThroughput: { ReadCapacityUnits: 100_000, WriteCapacityUnits: 100_000 } }),
    }),
  );
  return { client, clock };
}

let sequence = 0;
/** A put of a small item (1 write unit) under partition key `pk`. */
const put = (pk: string, extra = {}) =>
  new PutItemCommand({ TableName: 'hot', Item: { pk: { S: pk }, sk: { S: `#${sequence++}` }, ...extra } });

/** How many of `count` puts under `pk`, sent at the clock's present, are admitted. */
async function admittedPuts(client: DynamoDBClient, pk: string, count: number): Promise<number> {
  let admitted = 0;
  for (let index = 0; index < count; index++) {
    admitted += await client.send(put(pk)).then(
      () => 1,
      (error: Error) => {
        if (!/Throttling|ProvisionedThroughput/.test(error.name)) throw error;
        return 0;
      },
    );
  }
  return admitted;
}

async function failureOf(promise: Promise<unknown>): Promise<DynamoDBServiceException & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DynamoDBServiceException);
    return error as DynamoDBServiceException & Record<string, unknown>;
  }
  throw new Error('the request succeeded');
}

describe.each(['fast', 'full-stack'] as const)('per-partition throughput (%s)', (mode) => {
  it('admits a hot key its write units per second, refilled on the engine clock; other keys are not held back', async () => {
    const { client, clock } = await clientOnClock(mode, { partitionWriteUnits: 10 });
    expect(await admittedPuts(client, 'HOT', 15)).toBe(10);
    const error = await failureOf(client.send(put('HOT')));
    expect(error.name).toBe('ThrottlingException');
    expect(error.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 1 });
    expect(error.message).toBe(
      'Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html',
    );
    expect(error.throttlingReasons).toEqual([{ reason: 'TableWriteKeyRangeThroughputExceeded', resource: ARN }]);
    expect(await admittedPuts(client, 'COLD', 10)).toBe(10);
    clock.now += 300; // three units refilled
    expect(await admittedPuts(client, 'HOT', 10)).toBe(3);
    // Over five seconds at one put per 10 ms (100 a second), ten a second are admitted.
    let admitted = 0;
    for (let step = 0; step < 500; step++) {
      clock.now += 10;
      admitted += await admittedPuts(client, 'HOT', 1);
    }
    expect(admitted).toBeGreaterThanOrEqual(49);
    expect(admitted).toBeLessThanOrEqual(51);
  });

  it('meters by the units consumed: a 3 KB item costs 3 write units', async () => {
    const { client } = await clientOnClock(mode, { partitionWriteUnits: 10 });
    const large = { blob: { S: 'x'.repeat(3000) } };
    let admitted = 0;
    for (let index = 0; index < 6; index++) {
      admitted += await client.send(put('BIG', large)).then(
        () => 1,
        () => 0,
      );
    }
    expect(admitted).toBe(4); // 3 + 3 + 3 = 9 units, the fourth is admitted with 1 left, then none
  });

  it('throttles reads and writes apart: reads of a partition whose writes are throttled go on', async () => {
    const { client } = await clientOnClock(mode, { partitionWriteUnits: 2, partitionReadUnits: 1 });
    expect(await admittedPuts(client, 'HOT', 3)).toBe(2);
    const get = () => client.send(new GetItemCommand({ TableName: 'hot', Key: { pk: { S: 'HOT' }, sk: { S: '#0' } } }));
    // Eventually consistent reads of a small item cost 0.5 units: two fit in one unit.
    await get();
    await get();
    const error = await failureOf(get());
    expect(error.name).toBe('ThrottlingException');
    expect(error.throttlingReasons).toEqual([{ reason: 'TableReadKeyRangeThroughputExceeded', resource: ARN }]);
  });

  it('on a provisioned table a hot key gets ProvisionedThroughputExceededException with the key range reason', async () => {
    const { client } = await clientOnClock(mode, { partitionWriteUnits: 1 }, 'PROVISIONED');
    await client.send(put('HOT'));
    const error = await failureOf(
      client.send(
        new UpdateItemCommand({
          TableName: 'hot',
          Key: { pk: { S: 'HOT' }, sk: { S: 'x' } },
          UpdateExpression: 'SET n = :n',
          ExpressionAttributeValues: { ':n': { N: '1' } },
        }),
      ),
    );
    expect(error.name).toBe('ProvisionedThroughputExceededException');
    expect(error.message).toBe(
      'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
    );
    expect(error.ThrottlingReasons).toEqual([{ reason: 'TableWriteKeyRangeThroughputExceeded', resource: ARN }]);
  });

  it('answers ConsumedCapacity only when asked, and as asked', async () => {
    const { client } = await clientOnClock(mode, true);
    const silent = await client.send(put('A'));
    expect(silent.ConsumedCapacity).toBeUndefined();
    const total = await client.send(
      new PutItemCommand({
        TableName: 'hot',
        Item: { pk: { S: 'A' }, sk: { S: 'b' } },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(total.ConsumedCapacity).toEqual({ TableName: 'hot', CapacityUnits: 1 });
  });

  it('returns the requests of a throttled partition in UnprocessedItems, and fails a batch only when all are throttled', async () => {
    const { client } = await clientOnClock(mode, { partitionWriteUnits: 3 });
    const request = (pk: string, sk: string) => ({ PutRequest: { Item: { pk: { S: pk }, sk: { S: sk } } } });
    const hot = ['1', '2', '3', '4', '5'].map((sk) => request('HOT', sk));
    const output = await client.send(
      new BatchWriteItemCommand({ RequestItems: { hot: [...hot, request('COLD', '1'), request('COLD', '2')] } }),
    );
    expect(output.UnprocessedItems).toEqual({ hot: hot.slice(3) });
    const written = await client.send(
      new QueryCommand({
        TableName: 'hot',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': { S: 'HOT' } },
        ConsistentRead: true,
      }),
    );
    expect(written.Items?.map((item) => item.sk.S)).toEqual(['1', '2', '3']);
    const error = await failureOf(client.send(new BatchWriteItemCommand({ RequestItems: { hot: hot.slice(3) } })));
    expect(error.name).toBe('ThrottlingException');
    expect(error.throttlingReasons).toEqual([{ reason: 'TableWriteKeyRangeThroughputExceeded', resource: ARN }]);
  });

  it("the service's figures by default: 1,000 write units per second for one key", async () => {
    const { client } = await clientOnClock(mode, true);
    expect(await admittedPuts(client, 'HOT', 1005)).toBe(1000);
  });
});

describe('capacity with transactions in flight', () => {
  it("a batch's requests left unprocessed by both come back together", async () => {
    const clock = { now: 1_000 };
    const client = createLocalClient({
      inMemory: true,
      cloud: { capacity: { partitionWriteUnits: 1 }, transactions: { inFlightMs: 100 } },
      engineOptions: { now: () => clock.now, ttlReapIntervalMs: 0 },
    });
    clients.push(client);
    await client.send(
      new CreateTableCommand({
        TableName: 'hot',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
      }),
    );
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [{ Put: { TableName: 'hot', Item: { pk: { S: 'T' }, sk: { S: '1' } } } }],
      }),
    );
    const request = (pk: string, sk: string) => ({ PutRequest: { Item: { pk: { S: pk }, sk: { S: sk } } } });
    const output = await client.send(
      new BatchWriteItemCommand({ RequestItems: { hot: [request('T', '1'), request('H', '1'), request('H', '2')] } }),
    );
    expect(output.UnprocessedItems).toEqual({ hot: [request('H', '2'), request('T', '1')] });
  });
});

describe('capacity options', () => {
  it('are checked, naming the option', () => {
    expect(() => new Engine({ inMemory: true, cloud: { capacity: { partitionWriteUnits: 0 } } })).toThrow(
      new CloudOptionsError(
        'cloud.capacity.partitionWriteUnits',
        'must be a number of units per second above 0, not 0',
      ),
    );
    expect(() => new Engine({ inMemory: true, cloud: { capacity: { tableUnits: 5 } as never } })).toThrow(
      'cloud.capacity.tableUnits: is not an option (known: partitionReadUnits, partitionWriteUnits)',
    );
    const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0, cloud: { capacity: true } });
    expect(engine.cloud?.options.capacity).toEqual({ partitionReadUnits: 3000, partitionWriteUnits: 1000 });
    engine.close();
  });
});
