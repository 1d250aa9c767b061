import {
  BatchGetItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DynamoDBClient,
  ExecuteStatementCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, type CloudOptions } from '../../../src/engine/engine.js';
import { createLocalClient, serveEngine, type ServingEngine } from '../../../src/local/index.js';

/*
 * Eventually consistent reads through the real SDK, in-process and over HTTP: with lags,
 * an eventually consistent read answers each item as it was before its recent changes,
 * until the engine's clock passes the change's lag; strongly consistent reads,
 * TransactGetItems and conditions see the latest at once.
 */

const REPLICATION_LAG = 100;
const INDEX_LAG = 500;

interface Way {
  readonly name: string;
  open(engine: Engine): Promise<{ client: DynamoDBClient; close(): Promise<void> }>;
}

const ways: Way[] = [
  {
    name: 'in-process',
    async open(engine) {
      const client = createLocalClient({ engine });
      return { client, close: async () => client.destroy() };
    },
  },
  {
    name: 'serve',
    async open(engine) {
      const serving: ServingEngine = await serveEngine(engine, { port: 0 });
      const client = new DynamoDBClient({
        endpoint: serving.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 1,
      });
      return {
        client,
        close: async () => {
          client.destroy();
          await serving.close();
        },
      };
    },
  },
];

const S = (value: string): AttributeValue => ({ S: value });

describe.each(ways)('eventually consistent reads ($name)', (way) => {
  let time = 1_000_000;
  let engine: Engine;
  let client: DynamoDBClient;
  let close: () => Promise<void>;
  const cloud: CloudOptions = { seed: 1, consistency: { replicationLagMs: REPLICATION_LAG, indexLagMs: INDEX_LAG } };

  beforeAll(async () => {
    engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0, now: () => time, cloud });
    ({ client, close } = await way.open(engine));
    await client.send(
      new CreateTableCommand({
        TableName: 'jobs',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'status', AttributeType: 'S' },
          { AttributeName: 'priority', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'byStatus',
            KeySchema: [
              { AttributeName: 'status', KeyType: 'HASH' },
              { AttributeName: 'sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
        LocalSecondaryIndexes: [
          {
            IndexName: 'byPriority',
            KeySchema: [
              { AttributeName: 'pk', KeyType: 'HASH' },
              { AttributeName: 'priority', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
        ],
      }),
    );
  });
  afterAll(async () => {
    await close();
    engine.close();
  });

  const key = (pk: string, sk: string) => ({ pk: S(pk), sk: S(sk) });
  const put = (pk: string, sk: string, attributes: Record<string, AttributeValue> = {}) =>
    client.send(new PutItemCommand({ TableName: 'jobs', Item: { ...key(pk, sk), ...attributes } }));
  const get = async (pk: string, sk: string, consistent = false) =>
    (await client.send(new GetItemCommand({ TableName: 'jobs', Key: key(pk, sk), ConsistentRead: consistent }))).Item;
  const queryPartition = async (pk: string, consistent = false) =>
    (
      await client.send(
        new QueryCommand({
          TableName: 'jobs',
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': S(pk) },
          ConsistentRead: consistent,
        }),
      )
    ).Items?.map((item) => item.sk.S);
  const byStatus = async (status: string) =>
    (
      await client.send(
        new QueryCommand({
          TableName: 'jobs',
          IndexName: 'byStatus',
          KeyConditionExpression: '#status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': S(status) },
        }),
      )
    ).Items?.map((item) => `${item.pk.S}/${item.sk.S}`);

  it('GetItem answers the item as it was until the replication lag has passed; ConsistentRead sees it at once', async () => {
    await put('get', '1', { v: S('one') });
    expect(await get('get', '1')).toBeUndefined();
    expect(await get('get', '1', true)).toEqual({ ...key('get', '1'), v: S('one') });
    time += REPLICATION_LAG;
    expect(await get('get', '1')).toEqual({ ...key('get', '1'), v: S('one') });

    await client.send(
      new UpdateItemCommand({
        TableName: 'jobs',
        Key: key('get', '1'),
        UpdateExpression: 'SET v = :v',
        ExpressionAttributeValues: { ':v': S('two') },
      }),
    );
    expect((await get('get', '1'))?.v).toEqual(S('one'));
    time += REPLICATION_LAG - 1;
    expect((await get('get', '1'))?.v).toEqual(S('one'));
    time += 1;
    expect((await get('get', '1'))?.v).toEqual(S('two'));

    await client.send(new DeleteItemCommand({ TableName: 'jobs', Key: key('get', '1') }));
    expect((await get('get', '1'))?.v).toEqual(S('two'));
    expect(await get('get', '1', true)).toBeUndefined();
    time += REPLICATION_LAG;
    expect(await get('get', '1')).toBeUndefined();
  });

  it('Query and Scan leave out a new item, keep a deleted one and show an updated one as it was', async () => {
    await put('q', 'a', { v: S('old') });
    await put('q', 'b');
    await put('q', 'c');
    time += REPLICATION_LAG;
    await put('q', 'aa'); // new
    await client.send(new DeleteItemCommand({ TableName: 'jobs', Key: key('q', 'b') })); // deleted
    await put('q', 'a', { v: S('new') }); // updated

    expect(await queryPartition('q')).toEqual(['a', 'b', 'c']);
    expect(await queryPartition('q', true)).toEqual(['a', 'aa', 'c']);
    const lagging = await client.send(
      new QueryCommand({
        TableName: 'jobs',
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'v = :old',
        ExpressionAttributeValues: { ':pk': S('q'), ':old': S('old') },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(lagging.Items?.map((item) => item.sk.S)).toEqual(['a']);
    expect(lagging.Count).toBe(1);
    expect(lagging.ScannedCount).toBe(3);
    expect(lagging.ConsumedCapacity?.CapacityUnits).toBe(0.5);

    const scan = await client.send(
      new ScanCommand({
        TableName: 'jobs',
        FilterExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': S('q') },
      }),
    );
    expect(scan.Items?.map((item) => item.sk.S).sort()).toEqual(['a', 'b', 'c']);
    expect(scan.Items?.find((item) => item.sk.S === 'a')?.v).toEqual(S('old'));
    time += REPLICATION_LAG;
    expect(await queryPartition('q')).toEqual(['a', 'aa', 'c']);
  });

  it('items updated in any order come out in key order, forward and backward', async () => {
    for (const sk of ['5', '4', '3', '2', '1']) await put('order', sk, { v: S('old') });
    time += REPLICATION_LAG;
    for (const sk of ['5', '3', '1', '4', '2']) await put('order', sk, { v: S('new') });
    for (const forward of [true, false]) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: 'jobs',
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': S('order') },
          ScanIndexForward: forward,
        }),
      );
      expect(Items?.map((item) => `${item.sk.S}:${item.v.S}`)).toEqual(
        (forward ? ['1', '2', '3', '4', '5'] : ['5', '4', '3', '2', '1']).map((sk) => `${sk}:old`),
      );
    }
  });

  it('pages with Limit walk the lagging view, each LastEvaluatedKey valid for the next page', async () => {
    for (const sk of ['1', '3', '5', '7']) await put('p', sk);
    time += REPLICATION_LAG;
    for (const sk of ['2', '4', '6']) await put('p', sk);
    await client.send(new DeleteItemCommand({ TableName: 'jobs', Key: key('p', '5') }));
    for (const forward of [true, false]) {
      const seen: (string | undefined)[] = [];
      let start: Record<string, AttributeValue> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: 'jobs',
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': S('p') },
            Limit: 2,
            ScanIndexForward: forward,
            ExclusiveStartKey: start,
          }),
        );
        seen.push(...(page.Items ?? []).map((item) => item.sk.S));
        start = page.LastEvaluatedKey;
      } while (start);
      expect(seen).toEqual(forward ? ['1', '3', '5', '7'] : ['7', '5', '3', '1']);
    }
  });

  it('a GSI read lags by the index lag: the job just moved to another status is still listed under the old one', async () => {
    await put('job', '1', { status: S('QUEUED') });
    time += INDEX_LAG;
    expect(await byStatus('QUEUED')).toEqual(['job/1']);
    await client.send(
      new UpdateItemCommand({
        TableName: 'jobs',
        Key: key('job', '1'),
        UpdateExpression: 'SET #status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': S('RUNNING') },
      }),
    );
    time += REPLICATION_LAG;
    // The table has it; the index does not yet.
    expect((await get('job', '1'))?.status).toEqual(S('RUNNING'));
    expect(await byStatus('RUNNING')).toEqual([]);
    expect(await byStatus('QUEUED')).toEqual(['job/1']);
    time += INDEX_LAG - REPLICATION_LAG;
    expect(await byStatus('RUNNING')).toEqual(['job/1']);
    expect(await byStatus('QUEUED')).toEqual([]);
  });

  it('an LSI follows the table: lagging unless read with ConsistentRead', async () => {
    await put('lsi', '1', { priority: S('5') });
    const query = async (consistent: boolean) =>
      (
        await client.send(
          new QueryCommand({
            TableName: 'jobs',
            IndexName: 'byPriority',
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': S('lsi') },
            ConsistentRead: consistent,
          }),
        )
      ).Items;
    expect(await query(false)).toEqual([]);
    expect(await query(true)).toEqual([{ ...key('lsi', '1'), priority: S('5') }]);
    time += REPLICATION_LAG;
    expect(await query(false)).toEqual([{ ...key('lsi', '1'), priority: S('5') }]);
  });

  it('BatchGetItem and PartiQL SELECT lag unless ConsistentRead; TransactGetItems and conditions see the latest', async () => {
    await put('mix', '1', { v: S('x') });
    const batch = async (consistent: boolean) =>
      (
        await client.send(
          new BatchGetItemCommand({
            RequestItems: { jobs: { Keys: [key('mix', '1')], ConsistentRead: consistent } },
          }),
        )
      ).Responses?.jobs;
    expect(await batch(false)).toEqual([]);
    expect(await batch(true)).toHaveLength(1);
    const select = async (consistent: boolean) =>
      (
        await client.send(
          new ExecuteStatementCommand({
            Statement: `SELECT * FROM "jobs" WHERE pk = 'mix'`,
            ConsistentRead: consistent,
          }),
        )
      ).Items;
    expect(await select(false)).toEqual([]);
    expect(await select(true)).toHaveLength(1);
    const transactGet = await client.send(
      new TransactGetItemsCommand({ TransactItems: [{ Get: { TableName: 'jobs', Key: key('mix', '1') } }] }),
    );
    expect(transactGet.Responses?.[0].Item?.v).toEqual(S('x'));
    await expect(
      client.send(
        new PutItemCommand({
          TableName: 'jobs',
          Item: key('mix', '1'),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
  });
});

describe('eventually consistent reads with the cloud behaviour off', () => {
  it('see every write at once, and the engine records nothing', async () => {
    const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0, cloud: { seed: 3 } });
    expect(engine.context.consistency).toBeUndefined();
    const client = createLocalClient({ engine });
    await client.send(
      new CreateTableCommand({
        TableName: 'tab',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      }),
    );
    await client.send(new PutItemCommand({ TableName: 'tab', Item: { pk: S('a') } }));
    expect((await client.send(new GetItemCommand({ TableName: 'tab', Key: { pk: S('a') } }))).Item).toEqual({
      pk: S('a'),
    });
    client.destroy();
    engine.close();
  });
});
