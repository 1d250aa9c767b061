import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DynamoDBClient,
  DynamoDBServiceException,
  GetItemCommand,
  PutItemCommand,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { afterEach, describe, expect, it } from 'vitest';
import type { CloudOptions } from '../../../src/engine/engine.js';
import { closeLocalClient, createLocalClient, startServer, type LocalClientMode } from '../../../src/local/index.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const TABLE = 'accounts';

async function createTable(client: DynamoDBClient): Promise<void> {
  await client.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    }),
  );
}

/** A client on an engine whose clock the test moves (`clock.now`). */
async function clientOnClock(
  mode: LocalClientMode,
  cloud: CloudOptions = { transactions: { inFlightMs: 100 } },
): Promise<{ client: DynamoDBClient; clock: { now: number } }> {
  const clock = { now: 1_000_000 };
  const client = createLocalClient({
    inMemory: true,
    mode,
    cloud,
    engineOptions: { now: () => clock.now, ttlReapIntervalMs: 0 },
    clientConfig: { retryStrategy: new ConfiguredRetryStrategy(2, () => 0) },
  });
  cleanups.push(() => closeLocalClient(client));
  await createTable(client);
  return { client, clock };
}

const key = (pk: string) => ({ pk: { S: pk } });
const putAction = (pk: string) => ({ Put: { TableName: TABLE, Item: { ...key(pk), balance: { N: '0' } } } });
const transaction = (...pks: string[]) => new TransactWriteItemsCommand({ TransactItems: pks.map(putAction) });

async function failureOf(promise: Promise<unknown>): Promise<DynamoDBServiceException & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DynamoDBServiceException);
    return error as DynamoDBServiceException & Record<string, unknown>;
  }
  throw new Error('the request succeeded');
}

describe.each(['fast', 'full-stack'] as const)('transactions in flight (%s)', (mode) => {
  it('refuses single writes of its items with TransactionConflictException until it is done; reads pass', async () => {
    const { client, clock } = await clientOnClock(mode);
    await client.send(transaction('A', 'B'));
    clock.now += 99;
    const writes = [
      new PutItemCommand({ TableName: TABLE, Item: key('A') }),
      new UpdateItemCommand({
        TableName: TABLE,
        Key: key('B'),
        UpdateExpression: 'SET balance = :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
      }),
      new DeleteItemCommand({ TableName: TABLE, Key: key('A') }),
    ];
    for (const write of writes) {
      const error = await failureOf(client.send(write as never));
      expect(error.name).toBe('TransactionConflictException');
      expect(error.message).toBe('Operation was rejected because there is an ongoing transaction for the item.');
      expect(error.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 1 });
    }
    expect((await client.send(new GetItemCommand({ TableName: TABLE, Key: key('A') }))).Item).toBeDefined();
    await client.send(new PutItemCommand({ TableName: TABLE, Item: key('C') }));
    clock.now += 1;
    for (const write of writes) await client.send(write as never);
  });

  it('cancels transactions touching its items: TransactionConflict there, None elsewhere', async () => {
    const { client, clock } = await clientOnClock(mode);
    await client.send(transaction('A'));
    clock.now += 10;
    const write = await failureOf(client.send(transaction('C', 'A', 'D')));
    expect(write.name).toBe('TransactionCanceledException');
    expect(write.message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict, None]',
    );
    expect(write.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item.' },
      { Code: 'None' },
    ]);
    expect(write.$metadata.attempts).toBe(1);
    const read = await failureOf(
      client.send(new TransactGetItemsCommand({ TransactItems: [{ Get: { TableName: TABLE, Key: key('A') } }] })),
    );
    expect(read.name).toBe('TransactionCanceledException');
    expect(read.CancellationReasons).toEqual([
      { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item.' },
    ]);
    // The cancelled transaction wrote nothing and holds nothing.
    expect((await client.send(new GetItemCommand({ TableName: TABLE, Key: key('C') }))).Item).toBeUndefined();
    await client.send(new PutItemCommand({ TableName: TABLE, Item: key('C') }));
    clock.now += 90;
    await client.send(transaction('C', 'A', 'D'));
  });

  it("returns a BatchWriteItem's requests for its items in UnprocessedItems and writes the rest", async () => {
    const { client, clock } = await clientOnClock(mode);
    await client.send(transaction('A', 'B'));
    const batch = (pks: string[]) =>
      new BatchWriteItemCommand({
        RequestItems: { [TABLE]: pks.map((pk) => ({ PutRequest: { Item: { ...key(pk), batch: { BOOL: true } } } })) },
      });
    const mixed = await client.send(batch(['A', 'C']));
    expect(mixed.UnprocessedItems).toEqual({
      [TABLE]: [{ PutRequest: { Item: { ...key('A'), batch: { BOOL: true } } } }],
    });
    expect((await client.send(new GetItemCommand({ TableName: TABLE, Key: key('C') }))).Item?.batch).toEqual({
      BOOL: true,
    });
    const held = await client.send(batch(['A', 'B']));
    expect(Object.keys(held.UnprocessedItems?.[TABLE] ?? [])).toHaveLength(2);
    expect((await client.send(new GetItemCommand({ TableName: TABLE, Key: key('B') }))).Item?.batch).toBeUndefined();
    clock.now += 100;
    expect((await client.send(batch(['A', 'B']))).UnprocessedItems).toEqual({});
  });

  it('answers a ClientRequestToken reused while its transaction is in flight with TransactionInProgressException', async () => {
    const { client, clock } = await clientOnClock(mode);
    const withToken = () =>
      new TransactWriteItemsCommand({ TransactItems: [putAction('A')], ClientRequestToken: 'token-1' });
    await client.send(withToken());
    clock.now += 50;
    const error = await failureOf(client.send(withToken()));
    expect(error.name).toBe('TransactionInProgressException');
    expect(error.message).toBe('Transaction from previous request is still in progress');
    // The SDK retries it as a throttling error (the clock stands still, so the retry fails too).
    expect(error.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 2 });
    clock.now += 50;
    expect((await client.send(withToken())).$metadata.attempts).toBe(1);
  });

  it('draws each in-flight duration from the range with the seed', async () => {
    const heldFor = async (seed: number) => {
      const { client, clock } = await clientOnClock(mode, { seed, transactions: { inFlightMs: [50, 150] } });
      const durations: number[] = [];
      for (const pk of ['A', 'B', 'C']) {
        const start = clock.now;
        await client.send(transaction(pk));
        while (
          await client.send(new PutItemCommand({ TableName: TABLE, Item: key(pk) })).then(
            () => false,
            () => true,
          )
        ) {
          clock.now += 5;
        }
        durations.push(clock.now - start);
      }
      return durations;
    };
    const first = await heldFor(4);
    for (const duration of first) expect(duration >= 50 && duration <= 155).toBe(true);
    expect(await heldFor(4)).toEqual(first);
  });
});

/** Adds `times` to the item's balance, each as a transaction guarded by its version, retried on cancellation. */
async function deposit(client: DynamoDBClient, times: number, reasons: string[]): Promise<void> {
  for (let done = 0; done < times; ) {
    const current = await client.send(new GetItemCommand({ TableName: TABLE, Key: key('A'), ConsistentRead: true }));
    const version = Number(current.Item?.version?.N ?? '0');
    try {
      await client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              Update: {
                TableName: TABLE,
                Key: key('A'),
                UpdateExpression: 'SET version = :next ADD balance :one',
                ConditionExpression: 'attribute_not_exists(version) OR version = :version',
                ExpressionAttributeValues: {
                  ':next': { N: String(version + 1) },
                  ':one': { N: '1' },
                  ':version': { N: String(version) },
                },
              },
            },
          ],
        }),
      );
      done++;
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      for (const reason of (error as { CancellationReasons: { Code: string }[] }).CancellationReasons) {
        if (reason.Code !== 'None') reasons.push(reason.Code);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
    }
  }
}

async function race(clients: readonly DynamoDBClient[]): Promise<{ balance: string | undefined; reasons: string[] }> {
  const reasons: string[] = [];
  await Promise.all(clients.map((client) => deposit(client, 10, reasons)));
  const item = await clients[0].send(new GetItemCommand({ TableName: TABLE, Key: key('A'), ConsistentRead: true }));
  return { balance: item.Item?.balance?.N, reasons };
}

describe('racing transactions on one item (real clock)', () => {
  it('over serve, two SDK clients meet TransactionConflict cancellations and lose no update', async () => {
    const server = await startServer({
      port: 0,
      inMemory: true,
      engineOptions: { cloud: { transactions: { inFlightMs: 10 } } },
    });
    cleanups.push(() => server.close());
    const clients = [0, 1].map(
      () =>
        new DynamoDBClient({
          endpoint: server.endpoint,
          region: 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }),
    );
    for (const client of clients) cleanups.push(() => client.destroy());
    await createTable(clients[0]);
    const { balance, reasons } = await race(clients);
    expect(balance).toBe('20');
    expect(reasons).toContain('TransactionConflict');
  });

  it('in-process, concurrent promises do the same', async () => {
    const client = createLocalClient({ inMemory: true, cloud: { transactions: { inFlightMs: 10 } } });
    cleanups.push(() => closeLocalClient(client));
    await createTable(client);
    const { balance, reasons } = await race([client, client]);
    expect(balance).toBe('20');
    expect(reasons).toContain('TransactionConflict');
  });
});
