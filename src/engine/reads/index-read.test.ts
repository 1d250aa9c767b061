import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.js';
import { allPages, createOrdersTable, errorOf, newEngine, put } from './query-scan-fixtures.test-support.js';

let engine: Engine;
const orderItem = (n: number) => ({
  pk: { S: 'p' },
  sk: { N: String(n) },
  gpk: { S: 'OPEN' },
  gsk: { N: String(10 - n) },
  lsk: { S: `l${6 - n}` },
  a: { S: `a${n}` },
  b: { S: `b${n}` },
});

function setUp(gsiProjection: Record<string, unknown>): void {
  engine = newEngine();
  createOrdersTable(engine, 'orders', gsiProjection);
  for (let n = 1; n <= 5; n++) put(engine, 'orders', orderItem(n));
  put(engine, 'orders', { pk: { S: 'p' }, sk: { N: '9' }, a: { S: 'not in any index' } });
}
afterEach(() => engine.close());

const onGsi = {
  TableName: 'orders',
  IndexName: 'gsi',
  KeyConditionExpression: 'gpk = :g',
  ExpressionAttributeValues: { ':g': { S: 'OPEN' } },
};
const onLsi = {
  TableName: 'orders',
  IndexName: 'lsi',
  KeyConditionExpression: 'pk = :p',
  ExpressionAttributeValues: { ':p': { S: 'p' } },
};

describe('Query on a GSI', () => {
  beforeEach(() => setUp({ ProjectionType: 'ALL' }));

  it('orders by the index sort key and skips items without the index keys', () => {
    const response = engine.handle('Query', onGsi);
    expect((response.Items as { gsk: { N: string } }[]).map((item) => item.gsk.N)).toEqual(['5', '6', '7', '8', '9']);
    expect(response.Items).toContainEqual(orderItem(1));
  });

  it('pages with a LastEvaluatedKey carrying the index and table keys', () => {
    const first = engine.handle('Query', { ...onGsi, Limit: 2 });
    expect(first.LastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '4' }, gpk: { S: 'OPEN' }, gsk: { N: '6' } });
    const pages = allPages(engine, 'Query', { ...onGsi, Limit: 2 });
    expect(pages.map((page) => page.Count)).toEqual([2, 2, 1]);
  });

  it('rejects consistent reads, unknown indexes and key conditions on the table key', () => {
    expect(errorOf(() => engine.handle('Query', { ...onGsi, ConsistentRead: true })).message).toBe(
      'Consistent reads are not supported on global secondary indexes',
    );
    expect(errorOf(() => engine.handle('Query', { ...onGsi, IndexName: 'nope' })).message).toBe(
      'The table does not have the specified index: nope',
    );
    expect(errorOf(() => engine.handle('Query', { ...onLsi, IndexName: 'gsi' })).message).toBe(
      'Query condition missed key schema element: gpk',
    );
  });

  it('rejects a start key without the table keys', () => {
    expect(
      errorOf(() => engine.handle('Query', { ...onGsi, ExclusiveStartKey: { gpk: { S: 'OPEN' }, gsk: { N: '6' } } }))
        .message,
    ).toBe('The provided starting key is invalid');
  });

  it('rejects a filter on the index keys but allows one on the table keys', () => {
    const error = errorOf(() =>
      engine.handle('Query', {
        ...onGsi,
        FilterExpression: 'gsk > :n',
        ExpressionAttributeValues: { ':g': { S: 'OPEN' }, ':n': { N: '1' } },
      }),
    );
    expect(error.message).toBe(
      'Filter Expression can only contain non-primary key attributes: Primary key attribute: gsk',
    );
    const response = engine.handle('Query', {
      ...onGsi,
      FilterExpression: 'sk = :n',
      ExpressionAttributeValues: { ':g': { S: 'OPEN' }, ':n': { N: '1' } },
    });
    expect(response.Count).toBe(1);
  });

  it('bills the index in INDEXES mode', () => {
    expect(engine.handle('Query', { ...onGsi, ReturnConsumedCapacity: 'INDEXES' }).ConsumedCapacity).toEqual({
      TableName: 'orders',
      CapacityUnits: 0.5,
      Table: { CapacityUnits: 0 },
      GlobalSecondaryIndexes: { gsi: { CapacityUnits: 0.5 } },
    });
  });
});

describe('Query on a KEYS_ONLY GSI', () => {
  beforeEach(() => setUp({ ProjectionType: 'KEYS_ONLY' }));

  it('returns the table and index keys only', () => {
    const response = engine.handle('Query', { ...onGsi, Limit: 1 });
    expect(response.Items).toEqual([{ pk: { S: 'p' }, sk: { N: '5' }, gpk: { S: 'OPEN' }, gsk: { N: '5' } }]);
  });

  it('refuses what the index does not hold', () => {
    expect(errorOf(() => engine.handle('Query', { ...onGsi, Select: 'ALL_ATTRIBUTES' })).message).toBe(
      'One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index gsi because its projection type is not ALL',
    );
    expect(errorOf(() => engine.handle('Query', { ...onGsi, ProjectionExpression: 'zz, b, a.c, pk' })).message).toBe(
      'One or more parameter values were invalid: Global secondary index gsi does not project [zz, a, b]',
    );
    const filter = { FilterExpression: 'c = :g AND (d = :g OR size(e) > :g)' };
    expect(errorOf(() => engine.handle('Query', { ...onGsi, ...filter })).message).toBe(
      'One or more parameter values were invalid: Secondary index gsi does not project one or more filter attributes: [c, d, e]',
    );
  });
});

describe('Query on an LSI', () => {
  beforeEach(() => setUp({ ProjectionType: 'ALL' }));

  it('orders by the LSI sort key and returns its projection', () => {
    const response = engine.handle('Query', { ...onLsi, Limit: 2 });
    expect(response.Items).toEqual([
      { pk: { S: 'p' }, sk: { N: '5' }, lsk: { S: 'l1' }, a: { S: 'a5' } },
      { pk: { S: 'p' }, sk: { N: '4' }, lsk: { S: 'l2' }, a: { S: 'a4' } },
    ]);
    expect(response.LastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '4' }, lsk: { S: 'l2' } });
  });

  it('fetches table attributes the index does not project, and bills the fetches to the table', () => {
    const all = engine.handle('Query', {
      ...onLsi,
      Limit: 2,
      Select: 'ALL_ATTRIBUTES',
      ReturnConsumedCapacity: 'INDEXES',
    });
    expect(all.Items).toEqual([orderItem(5), orderItem(4)]);
    expect(all.ConsumedCapacity).toEqual({
      TableName: 'orders',
      CapacityUnits: 1.5,
      Table: { CapacityUnits: 1 },
      LocalSecondaryIndexes: { lsi: { CapacityUnits: 0.5 } },
    });
    const projected = engine.handle('Query', { ...onLsi, Limit: 1, ProjectionExpression: 'b' });
    expect(projected.Items).toEqual([{ b: { S: 'b5' } }]);
  });

  it('allows consistent reads', () => {
    expect(engine.handle('Query', { ...onLsi, ConsistentRead: true }).Count).toBe(5);
  });
});
