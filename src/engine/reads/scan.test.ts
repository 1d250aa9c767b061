import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.js';
import type { Item } from '../values/attribute-value.js';
import {
  allPages,
  countRowsRead,
  createHashTable,
  createOrdersTable,
  errorOf,
  newEngine,
  put,
} from './query-scan-fixtures.test-support.js';

let engine: Engine;
const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
beforeEach(() => {
  engine = newEngine();
  createOrdersTable(engine);
  for (const name of names) {
    for (const n of [1, 2])
      put(engine, 'orders', {
        pk: { S: name },
        sk: { N: String(n) },
        v: { S: `${name}${n}` },
        n: { N: String(n * 10) },
      });
  }
});
afterEach(() => engine.close());

const identity = (item: Item) => `${(item.pk as { S: string }).S}/${(item.sk as { N: string }).N}`;
const identities = (pages: Record<string, unknown>[]) => pages.flatMap((page) => (page.Items as Item[]).map(identity));

describe('Scan', () => {
  it('returns every item', () => {
    const response = engine.handle('Scan', { TableName: 'orders' });
    expect(response.Count).toBe(12);
    expect(response.ScannedCount).toBe(12);
    expect(response.LastEvaluatedKey).toBeUndefined();
  });

  it('filters after reading: Count after the filter, ScannedCount before', () => {
    const response = engine.handle('Scan', {
      TableName: 'orders',
      FilterExpression: 'n > :n',
      ExpressionAttributeValues: { ':n': { N: '15' } },
    });
    expect(response.Count).toBe(6);
    expect(response.ScannedCount).toBe(12);
  });

  it('allows filters on key attributes (unlike Query)', () => {
    const response = engine.handle('Scan', {
      TableName: 'orders',
      FilterExpression: 'sk = :s',
      ExpressionAttributeValues: { ':s': { N: '1' } },
    });
    expect(response.Count).toBe(6);
  });

  it('pages with Limit through every item exactly once, with a final empty page when Limit divides the table', () => {
    const pages = allPages(engine, 'Scan', { TableName: 'orders', Limit: 4 });
    expect(pages.map((page) => page.Count)).toEqual([4, 4, 4, 0]);
    expect(new Set(identities(pages)).size).toBe(12);
    expect(allPages(engine, 'Scan', { TableName: 'orders', Limit: 13 })).toHaveLength(1);
  });

  it('projects and counts', () => {
    const projected = engine.handle('Scan', { TableName: 'orders', ProjectionExpression: 'v', Limit: 1 });
    expect(Object.keys((projected.Items as Item[])[0])).toEqual(['v']);
    expect(engine.handle('Scan', { TableName: 'orders', Select: 'COUNT' })).toEqual({ Count: 12, ScannedCount: 12 });
  });

  it('accepts the legacy ScanFilter with ConditionalOperator and AttributesToGet', () => {
    const response = engine.handle('Scan', {
      TableName: 'orders',
      ScanFilter: {
        v: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'alpha1' }] },
        n: { ComparisonOperator: 'GT', AttributeValueList: [{ N: '15' }] },
      },
      ConditionalOperator: 'OR',
      AttributesToGet: ['v'],
    });
    expect(response.Count).toBe(7);
  });

  it('stops a page at 1 MB read, before the projection', () => {
    const big = newEngine();
    createHashTable(big, 'big');
    const blob = 'y'.repeat(100_000);
    for (let n = 0; n < 13; n++) put(big, 'big', { pk: { S: `k${n}` }, blob: { S: blob } });
    const first = big.handle('Scan', { TableName: 'big', ProjectionExpression: 'pk' });
    expect(first.Count).toBe(11);
    expect(first.LastEvaluatedKey).toBeDefined();
    const pages = allPages(big, 'Scan', { TableName: 'big', ProjectionExpression: 'pk' });
    expect(pages.map((page) => page.Count)).toEqual([11, 2]);
    big.close();
  });

  it('rejects a malformed start key', () => {
    expect(
      errorOf(() => engine.handle('Scan', { TableName: 'orders', ExclusiveStartKey: { pk: { S: 'a' } } })).message,
    ).toBe('The provided starting key is invalid: The provided key element does not match the schema');
  });

  it('bills the bytes read, rounded once', () => {
    expect(
      engine.handle('Scan', { TableName: 'orders', Select: 'COUNT', ReturnConsumedCapacity: 'TOTAL' }).ConsumedCapacity,
    ).toEqual({
      TableName: 'orders',
      CapacityUnits: 0.5,
    });
  });
});

describe('Parallel Scan', () => {
  it('puts each item in exactly one segment, for any number of segments', () => {
    const many = newEngine();
    createHashTable(many, 'many');
    for (let n = 0; n < 200; n++) put(many, 'many', { pk: { S: `item-${n}` } });
    for (const totalSegments of [1, 2, 3, 7, 16]) {
      const seen: string[] = [];
      for (let segment = 0; segment < totalSegments; segment++) {
        const pages = allPages(many, 'Scan', {
          TableName: 'many',
          Segment: segment,
          TotalSegments: totalSegments,
          Limit: 9,
        });
        seen.push(...pages.flatMap((page) => (page.Items as { pk: { S: string } }[]).map((item) => item.pk.S)));
      }
      expect(seen).toHaveLength(200);
      expect(new Set(seen).size).toBe(200);
    }
    many.close();
  });

  it('reads only its own segment', () => {
    const many = newEngine();
    createHashTable(many, 'many');
    for (let n = 0; n < 100; n++) put(many, 'many', { pk: { S: `item-${n}` } });
    const rows = countRowsRead(many);
    const response = many.handle('Scan', { TableName: 'many', Segment: 0, TotalSegments: 4 });
    expect(rows.scan).toBe(response.ScannedCount);
    expect(response.ScannedCount).toBeLessThan(100);
    many.close();
  });

  it('validates Segment and TotalSegments with DynamoDB’s messages', () => {
    expect(errorOf(() => engine.handle('Scan', { TableName: 'orders', Segment: 5, TotalSegments: 5 })).message).toBe(
      'The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 5 is not less than TotalSegments: 5',
    );
    expect(errorOf(() => engine.handle('Scan', { TableName: 'orders', Segment: 1 })).message).toBe(
      'The TotalSegments parameter is required but was not present in the request when Segment parameter is present',
    );
    expect(errorOf(() => engine.handle('Scan', { TableName: 'orders', TotalSegments: 2 })).message).toBe(
      'The Segment parameter is required but was not present in the request when parameter TotalSegments is present',
    );
  });
});

describe('Scan of an index', () => {
  it('reads the index entries and keys pages on index and table keys', () => {
    const indexed = newEngine();
    createOrdersTable(indexed, 'indexed', { ProjectionType: 'KEYS_ONLY' });
    for (let n = 0; n < 5; n++)
      put(indexed, 'indexed', {
        pk: { S: `p${n}` },
        sk: { N: '1' },
        gpk: { S: 'g' },
        gsk: { N: String(n) },
        x: { S: 'x' },
      });
    put(indexed, 'indexed', { pk: { S: 'sparse' }, sk: { N: '1' } });
    const first = indexed.handle('Scan', { TableName: 'indexed', IndexName: 'gsi', Limit: 2 });
    expect(Object.keys(first.LastEvaluatedKey as Item).sort()).toEqual(['gpk', 'gsk', 'pk', 'sk']);
    const pages = allPages(indexed, 'Scan', { TableName: 'indexed', IndexName: 'gsi', Limit: 2 });
    expect(pages.reduce((sum, page) => sum + (page.Count as number), 0)).toBe(5);
    expect(
      errorOf(() => indexed.handle('Scan', { TableName: 'indexed', IndexName: 'gsi', Select: 'ALL_ATTRIBUTES' }))
        .message,
    ).toMatch(/Select type ALL_ATTRIBUTES is not supported for global secondary index gsi/);
    // Unlike Query, a Scan of an index may filter on attributes the index does not project.
    const filtered = indexed.handle('Scan', {
      TableName: 'indexed',
      IndexName: 'gsi',
      FilterExpression: 'x = :x AND gsk < :n',
      ExpressionAttributeValues: { ':x': { S: 'x' }, ':n': { N: '2' } },
    });
    expect(filtered).toMatchObject({ Count: 2, ScannedCount: 5 });
    expect(
      errorOf(() => indexed.handle('Scan', { TableName: 'indexed', IndexName: 'gsi', ConsistentRead: true })).message,
    ).toBe('Consistent reads are not supported on global secondary indexes');
    indexed.close();
  });
});
