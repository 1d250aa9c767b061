import {
  DescribeTableCommand,
  DynamoDBServiceException,
  GetItemCommand,
  QueryCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient as HttpClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTableOfItems,
  EXPIRED_ITEMS_NOW_SECONDS,
  engineAtFixedClock,
} from '../../engine/bulk-items.test-support.js';
import { Engine } from '../../engine/engine.js';
import { startServer } from '../server/start-server.js';
import { createLocalClient } from './create-local-client.js';

const engines: Engine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** An engine whose table `jobs` holds `count` items, every third in group `g1`, the rest in `g0`. */
function engineWithJobs(count: number, path?: string): Engine {
  const engine = engineAtFixedClock(path || undefined);
  engines.push(engine);
  createTableOfItems(engine, 'jobs', count, (index) => ({
    pk: { S: `job${index}` },
    group: { S: index % 3 === 0 ? 'g1' : 'g0' },
    expires: { N: String(EXPIRED_ITEMS_NOW_SECONDS - (index % 2 === 0 ? 60 : -3600)) },
  }));
  return engine;
}

const createByGroup = new UpdateTableCommand({
  TableName: 'jobs',
  AttributeDefinitions: [{ AttributeName: 'group', AttributeType: 'S' }],
  GlobalSecondaryIndexUpdates: [
    {
      Create: {
        IndexName: 'byGroup',
        KeySchema: [{ AttributeName: 'group', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
    },
  ],
});

/**
 * Records, in order, each backfill slice the engine runs and each GetItem a client loop
 * has answered meanwhile, until `work` settles. The loop gives the event loop a turn
 * between calls, as a program doing I/O between requests does.
 */
async function interleaving(engine: Engine, client: DynamoDBClient, work: () => Promise<unknown>): Promise<string[]> {
  const events: string[] = [];
  const storage = engine.context.storage;
  const slice = storage.backfillSlice.bind(storage);
  Object.assign(storage, {
    backfillSlice: (limits: Parameters<typeof slice>[0]) => {
      events.push('slice');
      return slice(limits);
    },
  });
  let running = true;
  const load = (async () => {
    while (running) {
      const answer = await client.send(new GetItemCommand({ TableName: 'jobs', Key: { pk: { S: 'job7' } } }));
      events.push(answer.Item?.pk?.S === 'job7' ? 'get' : 'get-missed');
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await load;
  }
  return events;
}

/** The longest run of slices with no GetItem answered between them. */
function longestRunOfSlices(events: readonly string[]): number {
  let longest = 0;
  let run = 0;
  for (const event of events) {
    run = event === 'slice' ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

async function errorOf(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DynamoDBServiceException) return { name: error.name, message: error.message };
    throw error;
  }
  throw new Error('expected an error answer');
}

describe('a GSI created on a table of 20,000 items', () => {
  it('backfills in slices with GetItem answered between them, CREATING and unreadable until done', async () => {
    const engine = engineWithJobs(20_000);
    const client = createLocalClient({ engine });
    const answer = await client.send(createByGroup);
    expect(answer.TableDescription?.GlobalSecondaryIndexes?.[0]).toMatchObject({
      IndexStatus: 'CREATING',
      Backfilling: false,
    });

    const during = await client.send(new DescribeTableCommand({ TableName: 'jobs' }));
    expect(during.Table?.GlobalSecondaryIndexes?.[0]).toMatchObject({
      IndexName: 'byGroup',
      IndexStatus: 'CREATING',
      Backfilling: true,
    });
    expect(during.Table?.TableStatus).toBe('ACTIVE');
    const query = new QueryCommand({
      TableName: 'jobs',
      IndexName: 'byGroup',
      KeyConditionExpression: '#group = :group',
      ExpressionAttributeNames: { '#group': 'group' },
      ExpressionAttributeValues: { ':group': { S: 'g1' } },
      Select: 'COUNT',
    });
    expect(await errorOf(client.send(query))).toEqual({
      name: 'ValidationException',
      message: 'Cannot read from backfilling global secondary index: byGroup',
    });
    expect(await errorOf(client.send(createByGroup))).toMatchObject({ name: 'LimitExceededException' });

    const events = await interleaving(engine, client, () => engine.backfillsDone());
    const slices = events.filter((event) => event === 'slice').length;
    // 20,000 rows at most 500 a slice; the first ran inside UpdateTable.
    expect(slices).toBeGreaterThanOrEqual(39);
    expect(events).not.toContain('get-missed');
    // Requests were answered between the slices, not only before and after them.
    const firstSlice = events.indexOf('slice');
    const lastSlice = events.lastIndexOf('slice');
    const getsBetween = events.slice(firstSlice, lastSlice).filter((event) => event === 'get').length;
    expect(getsBetween).toBeGreaterThanOrEqual(slices / 2);
    expect(longestRunOfSlices(events)).toBeLessThanOrEqual(3);

    const after = await client.send(new DescribeTableCommand({ TableName: 'jobs' }));
    expect(after.Table?.GlobalSecondaryIndexes?.[0]?.IndexStatus).toBe('ACTIVE');
    expect(after.Table?.GlobalSecondaryIndexes?.[0]).not.toHaveProperty('Backfilling');
    expect(after.Table?.GlobalSecondaryIndexes?.[0]?.ItemCount).toBe(20_000);
    expect((await client.send(query)).Count).toBe(Math.ceil(20_000 / 3));
    client.destroy();
  });

  it('goes on by itself after UpdateTable, with no reaper and nobody waiting for it', async () => {
    const engine = engineWithJobs(2_000);
    const client = createLocalClient({ engine });
    await client.send(createByGroup);
    let status: string | undefined;
    for (let turn = 0; turn < 2_000 && status !== 'ACTIVE'; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      const described = await client.send(new DescribeTableCommand({ TableName: 'jobs' }));
      status = described.Table?.GlobalSecondaryIndexes?.[0]?.IndexStatus;
    }
    expect(status).toBe('ACTIVE');
    client.destroy();
  });

  it('answers GetItem over HTTP between the slices', async () => {
    const engine = engineWithJobs(20_000);
    const server = await startServer({ engine, port: 0 });
    const client = new HttpClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      await client.send(createByGroup);
      const events = await interleaving(engine, client, () => engine.backfillsDone());
      const firstSlice = events.indexOf('slice');
      const lastSlice = events.lastIndexOf('slice');
      const slices = events.filter((event) => event === 'slice').length;
      expect(slices).toBeGreaterThanOrEqual(39);
      expect(events).not.toContain('get-missed');
      // An HTTP call spans a few turns of the event loop (read, answer, client read), each
      // of which may run one slice: calls come back every few slices (measured: every two).
      const getsBetween = events.slice(firstSlice, lastSlice).filter((event) => event === 'get').length;
      expect(getsBetween).toBeGreaterThanOrEqual(slices / 4);
      expect(longestRunOfSlices(events)).toBeLessThanOrEqual(5);
    } finally {
      client.destroy();
      await server.close();
    }
  });

  it('lets another connection to the same file write between the slices, and indexes its writes', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'monotable-backfill-shared-'));
    folders.push(folder);
    const path = join(folder, 'engine.db');
    const backfilling = engineWithJobs(20_000, path);
    const other = new Engine({ path, ttlReapIntervalMs: 0 });
    engines.push(other);
    backfilling.handle('UpdateTable', createByGroup.input);
    const events: string[] = [];
    const storage = backfilling.context.storage;
    const slice = storage.backfillSlice.bind(storage);
    Object.assign(storage, {
      backfillSlice: (limits: Parameters<typeof slice>[0]) => {
        events.push('slice');
        return slice(limits);
      },
    });
    let running = true;
    let written = 0;
    const writer = (async () => {
      while (running) {
        // Another connection's write needs SQLite's write lock: it waits for none, as no slice holds it across turns.
        other.handle('PutItem', { TableName: 'jobs', Item: { pk: { S: `other${written}` }, group: { S: 'g9' } } });
        written++;
        events.push('put');
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await backfilling.backfillsDone();
    running = false;
    await writer;
    const firstSlice = events.indexOf('slice');
    const lastSlice = events.lastIndexOf('slice');
    expect(events.slice(firstSlice, lastSlice).filter((event) => event === 'put').length).toBeGreaterThanOrEqual(10);
    expect(longestRunOfSlices(events)).toBeLessThanOrEqual(3);
    const g9 = backfilling.handle('Query', {
      TableName: 'jobs',
      IndexName: 'byGroup',
      KeyConditionExpression: '#group = :group',
      ExpressionAttributeNames: { '#group': 'group' },
      ExpressionAttributeValues: { ':group': { S: 'g9' } },
      Select: 'COUNT',
    }) as { Count: number };
    expect(g9.Count).toBe(written);
  });

  it('indexes the writes made during the backfill as the backfill does', async () => {
    const engine = engineWithJobs(5_000);
    const client = createLocalClient({ engine });
    await client.send(createByGroup);
    expect(engine.context.storage.hasPendingBackfills()).toBe(true);
    // Rows the backfill has not reached yet, and rows it has: moved, deleted, added.
    for (const index of [1, 2, 4_998, 4_999]) {
      engine.handle('UpdateItem', {
        TableName: 'jobs',
        Key: { pk: { S: `job${index}` } },
        UpdateExpression: 'SET #group = :group',
        ExpressionAttributeNames: { '#group': 'group' },
        ExpressionAttributeValues: { ':group': { S: 'g2' } },
      });
    }
    for (const index of [3, 4_995])
      engine.handle('DeleteItem', { TableName: 'jobs', Key: { pk: { S: `job${index}` } } });
    engine.handle('PutItem', { TableName: 'jobs', Item: { pk: { S: 'new' }, group: { S: 'g2' } } });
    engine.handle('PutItem', { TableName: 'jobs', Item: { pk: { S: 'ungrouped' } } });
    await engine.backfillsDone();

    const members = async (group: string) => {
      const items: string[] = [];
      let start: Record<string, never> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: 'jobs',
            IndexName: 'byGroup',
            KeyConditionExpression: '#group = :group',
            ExpressionAttributeNames: { '#group': 'group' },
            ExpressionAttributeValues: { ':group': { S: group } },
            ExclusiveStartKey: start,
          }),
        );
        items.push(...(page.Items ?? []).map((item) => item.pk.S as string));
        start = page.LastEvaluatedKey as Record<string, never> | undefined;
      } while (start);
      return items.sort();
    };
    expect(await members('g2')).toEqual(['job1', 'job2', 'job4998', 'job4999', 'new'].sort());
    const expectedG1 = Array.from({ length: 5_000 }, (_, index) => index).filter(
      (index) => index % 3 === 0 && index !== 3 && index !== 4_995 && index !== 4_998,
    );
    expect(await members('g1')).toEqual(expectedG1.map((index) => `job${index}`).sort());
    const described = engine.handle('DescribeTable', { TableName: 'jobs' }) as {
      Table: { ItemCount: number; GlobalSecondaryIndexes: { ItemCount: number }[] };
    };
    expect(described.Table.GlobalSecondaryIndexes[0].ItemCount).toBe(described.Table.ItemCount - 1);
    client.destroy();
  });

  it('is ACTIVE at once on a small table, as before', async () => {
    const engine = engineWithJobs(50);
    const client = createLocalClient({ engine });
    await client.send(createByGroup);
    expect(engine.context.storage.hasPendingBackfills()).toBe(false);
    const described = await client.send(new DescribeTableCommand({ TableName: 'jobs' }));
    expect(described.Table?.GlobalSecondaryIndexes?.[0]).toMatchObject({ IndexStatus: 'ACTIVE', ItemCount: 50 });
    client.destroy();
  });
});

describe('UpdateTimeToLive on a table of 20,000 items', () => {
  it('recomputes the TTL column in slices with GetItem answered between them, then reaps by it', async () => {
    const engine = engineWithJobs(20_000);
    const client = createLocalClient({ engine });
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: 'jobs',
        TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' },
      }),
    );
    expect(engine.context.storage.hasPendingBackfills()).toBe(true);

    const events = await interleaving(engine, client, () => engine.backfillsDone());
    expect(events.filter((event) => event === 'slice').length).toBeGreaterThanOrEqual(39);
    expect(longestRunOfSlices(events)).toBeLessThanOrEqual(3);

    // The even items expired a minute ago, the odd ones expire in an hour.
    expect(await engine.reapExpiredItemsInBackground()).toBe(10_000);
    expect((engine.handle('Scan', { TableName: 'jobs', Select: 'COUNT' }) as { Count: number }).Count).toBe(10_000);
    client.destroy();
  });

  it('leaves the table to the reaper while the column is recomputed, and a reap on demand finishes it first', () => {
    const engine = engineWithJobs(2_000);
    engine.handle('UpdateTimeToLive', {
      TableName: 'jobs',
      TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' },
    });
    expect(engine.context.storage.hasPendingBackfills()).toBe(true);
    expect(engine.reapExpiredItems()).toBe(1_000);
    expect(engine.context.storage.hasPendingBackfills()).toBe(false);
  });
});
