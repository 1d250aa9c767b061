import { afterEach, describe, expect, it } from 'vitest';
import { parsedReads } from '../storage/storage.test-support.js';
import { Engine } from '../engine.js';
import { REAP_BATCH_SIZE } from './reaper.js';

const engines: Engine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

const nowSeconds = 1_700_000_000;

function engineWithTtlTable() {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0, now: () => nowSeconds * 1000 });
  engines.push(engine);
  engine.handle('CreateTable', {
    TableName: 'cache',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'kind', AttributeType: 'S' },
    ],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
    GlobalSecondaryIndexes: [
      {
        IndexName: 'byKind',
        KeySchema: [{ AttributeName: 'kind', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  });
  const storage = engine.context.storage;
  const put = (pk: string, expires?: Record<string, unknown>) =>
    storage.putItem(storage.requireTable('cache'), {
      pk: { S: pk },
      kind: { S: 'k' },
      ...(expires ? { expires } : {}),
    } as never);
  const keys = () =>
    [...parsedReads(storage).scanItems(storage.requireTable('cache'), {})]
      .map((item) => (item.pk as { S: string }).S)
      .sort();
  const indexed = () =>
    [
      ...parsedReads(storage).queryItems(storage.requireTable('cache'), {
        indexName: 'byKind',
        partitionValues: [{ S: 'k' }],
        forward: true,
      }),
    ].length;
  const enable = () =>
    engine.handle('UpdateTimeToLive', {
      TableName: 'cache',
      TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' },
    });
  return { engine, put, keys, indexed, enable };
}

describe('TTL reaper', () => {
  it('deletes expired items from the table and its indexes, and nothing else', () => {
    const { engine, put, keys, indexed, enable } = engineWithTtlTable();
    enable();
    put('past', { N: String(nowSeconds - 10) });
    put('now', { N: String(nowSeconds) });
    put('future', { N: String(nowSeconds + 10) });
    put('ancient', { N: String(nowSeconds - 6 * 365 * 24 * 3600) });
    put('text', { S: String(nowSeconds - 10) });
    put('none');
    expect(engine.reapExpiredItems()).toBe(2);
    expect(keys()).toEqual(['ancient', 'future', 'none', 'text']);
    expect(indexed()).toBe(4);
  });

  it('leaves items alone while TTL is disabled and finds existing items once enabled', () => {
    const { engine, put, keys, enable } = engineWithTtlTable();
    put('past', { N: String(nowSeconds - 10) });
    expect(engine.reapExpiredItems()).toBe(0);
    enable();
    expect(engine.reapExpiredItems()).toBe(1);
    expect(keys()).toEqual([]);
  });

  it('reaps more items than one batch', () => {
    const { engine, put, keys, enable } = engineWithTtlTable();
    enable();
    const count = REAP_BATCH_SIZE * 2 + 5;
    engine.context.storage.writeTransaction(() => {
      for (let index = 0; index < count; index++) put(`item${index}`, { N: String(nowSeconds - index) });
    });
    expect(engine.reapExpiredItems()).toBe(count);
    expect(keys()).toEqual([]);
  });
});
