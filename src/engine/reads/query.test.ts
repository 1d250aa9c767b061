import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.js';
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
beforeEach(() => {
  engine = newEngine();
  createOrdersTable(engine);
  for (let n = 1; n <= 7; n++) put(engine, 'orders', { pk: { S: 'p' }, sk: { N: String(n) }, v: { S: `v${n}` } });
  put(engine, 'orders', { pk: { S: 'q' }, sk: { N: '1' }, v: { S: 'other partition' } });
});
afterEach(() => engine.close());

const partitionP = {
  TableName: 'orders',
  KeyConditionExpression: 'pk = :p',
  ExpressionAttributeValues: { ':p': { S: 'p' } },
};
const sortKeys = (response: Record<string, unknown>) =>
  (response.Items as { sk: { N: string } }[]).map((item) => item.sk.N);

describe('Query key conditions', () => {
  it('returns one partition in sort-key order, reversed with ScanIndexForward false', () => {
    expect(sortKeys(engine.handle('Query', partitionP))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(sortKeys(engine.handle('Query', { ...partitionP, ScanIndexForward: false }))).toEqual([
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
  });

  it.each([
    ['sk = :s', { ':s': { N: '3' } }, ['3']],
    ['sk < :s', { ':s': { N: '3' } }, ['1', '2']],
    ['sk <= :s', { ':s': { N: '3' } }, ['1', '2', '3']],
    ['sk > :s', { ':s': { N: '5' } }, ['6', '7']],
    ['sk >= :s', { ':s': { N: '5' } }, ['5', '6', '7']],
    ['sk BETWEEN :a AND :b', { ':a': { N: '2' }, ':b': { N: '4' } }, ['2', '3', '4']],
  ])('applies %s to the sort key', (condition, values, expected) => {
    const response = engine.handle('Query', {
      TableName: 'orders',
      KeyConditionExpression: `pk = :p AND ${condition}`,
      ExpressionAttributeValues: { ':p': { S: 'p' }, ...values },
    });
    expect(sortKeys(response)).toEqual(expected);
    expect(response.Count).toBe(expected.length);
  });

  it('applies begins_with to string sort keys', () => {
    const strings = newEngine();
    strings.handle('CreateTable', {
      TableName: 'strings',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
    for (const sk of ['ORDER#2', 'ORDER#1', 'ORDEX', 'META'])
      put(strings, 'strings', { pk: { S: 'c' }, sk: { S: sk } });
    const response = strings.handle('Query', {
      TableName: 'strings',
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':p': { S: 'c' }, ':prefix': { S: 'ORDER#' } },
    });
    expect(response.Items).toEqual([
      { pk: { S: 'c' }, sk: { S: 'ORDER#1' } },
      { pk: { S: 'c' }, sk: { S: 'ORDER#2' } },
    ]);
    strings.close();
  });

  it('accepts the legacy KeyConditions', () => {
    const response = engine.handle('Query', {
      TableName: 'orders',
      KeyConditions: {
        pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'p' }] },
        sk: { ComparisonOperator: 'BETWEEN', AttributeValueList: [{ N: '2' }, { N: '4' }] },
      },
    });
    expect(sortKeys(response)).toEqual(['2', '3', '4']);
  });

  it('requires a key condition', () => {
    expect(errorOf(() => engine.handle('Query', { TableName: 'orders' })).message).toBe(
      'Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.',
    );
  });

  it('answers ResourceNotFoundException for an unknown table', () => {
    expect(errorOf(() => engine.handle('Query', { ...partitionP, TableName: 'missing' })).type).toBe(
      'ResourceNotFoundException',
    );
  });
});

describe('Query pages', () => {
  it('pages with Limit, ending with an empty page when Limit divides the partition', () => {
    const first = engine.handle('Query', { ...partitionP, Limit: 3 });
    expect(sortKeys(first)).toEqual(['1', '2', '3']);
    expect(first.LastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '3' } });
    const last = engine.handle('Query', {
      ...partitionP,
      Limit: 3,
      ExclusiveStartKey: { pk: { S: 'p' }, sk: { N: '6' } },
    });
    expect(sortKeys(last)).toEqual(['7']);
    expect(last.LastEvaluatedKey).toBeUndefined();

    const exact = engine.handle('Query', { ...partitionP, Limit: 7 });
    expect(exact.Count).toBe(7);
    expect(exact.LastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '7' } });
    const empty = engine.handle('Query', { ...partitionP, Limit: 7, ExclusiveStartKey: exact.LastEvaluatedKey });
    expect(empty).toEqual({ Items: [], Count: 0, ScannedCount: 0 });
  });

  it('pages backwards from an ExclusiveStartKey', () => {
    const pages = allPages(engine, 'Query', { ...partitionP, Limit: 3, ScanIndexForward: false });
    expect(pages.flatMap(sortKeys)).toEqual(['7', '6', '5', '4', '3', '2', '1']);
  });

  it('counts Limit on items read, so a filter can leave a page short or empty', () => {
    const response = engine.handle('Query', {
      ...partitionP,
      Limit: 3,
      FilterExpression: 'v = :v',
      ExpressionAttributeValues: { ':p': { S: 'p' }, ':v': { S: 'v5' } },
    });
    expect(response).toEqual({
      Items: [],
      Count: 0,
      ScannedCount: 3,
      LastEvaluatedKey: { pk: { S: 'p' }, sk: { N: '3' } },
    });
  });

  it('stops a page at 1 MB read before the filter, the crossing item included', () => {
    const big = newEngine();
    createOrdersTable(big, 'big');
    const blob = 'x'.repeat(100_000);
    for (let n = 0; n < 12; n++) put(big, 'big', { pk: { S: 'big' }, sk: { N: String(n) }, payload: { S: blob } });
    const request = {
      TableName: 'big',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'big' } },
    };

    const first = big.handle('Query', request);
    // Each item is about 100 KB: ten stay under 1 MB (1,048,576 bytes), the eleventh crosses it.
    expect(first.Count).toBe(11);
    expect(first.LastEvaluatedKey).toEqual({ pk: { S: 'big' }, sk: { N: '10' } });

    const filtered = big.handle('Query', { ...request, FilterExpression: 'attribute_not_exists(payload)' });
    expect(filtered).toMatchObject({
      Count: 0,
      ScannedCount: 11,
      LastEvaluatedKey: { pk: { S: 'big' }, sk: { N: '10' } },
    });

    const projected = big.handle('Query', { ...request, ProjectionExpression: 'sk' });
    expect(projected.ScannedCount).toBe(11);

    const pages = allPages(big, 'Query', request);
    expect(pages.map((page) => page.Count)).toEqual([11, 1]);
    big.close();
  });
});

describe('Query reads item sizes only when it needs them', () => {
  const withoutCapacity = (response: Record<string, unknown>) => {
    const { ConsumedCapacity: _capacity, ...rest } = response;
    return rest;
  };

  it.each([
    // 12 × 40 KB stay under 1 MB; three times their text does not.
    ['items whose size bound reaches 1 MB though they do not', 'x'.repeat(40_000), 12, 12],
    // 100 KB each in 50,000 characters: ten stay under 1 MB, the eleventh crosses it.
    ['items that cross 1 MB', 'é'.repeat(50_000), 12, 11],
    ['small items', 'x', 12, 12],
  ])('pages %s as it does with the sizes read', (_case, payload, items, expectedCount) => {
    const big = newEngine();
    createOrdersTable(big, 'big');
    for (let n = 0; n < items; n++)
      put(big, 'big', { pk: { S: 'big' }, sk: { N: String(n) }, payload: { S: payload } });
    const request = {
      TableName: 'big',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'big' } },
    };
    for (const extra of [{}, { Limit: 5 }, { Limit: 20 }, { Limit: 20, ScanIndexForward: false }]) {
      const plain = big.handle('Query', { ...request, ...extra });
      const costed = big.handle('Query', { ...request, ...extra, ReturnConsumedCapacity: 'TOTAL' });
      expect(plain).toEqual(withoutCapacity(costed));
      expect(costed.ConsumedCapacity).toBeDefined();
    }
    expect(big.handle('Query', request).Count).toBe(expectedCount);
    big.close();
  });

  it('reads no sizes for a Query with a Limit and no capacity to report', () => {
    const sized: boolean[] = [];
    const storage = engine.context.storage;
    const queryItems = storage.queryItems.bind(storage);
    storage.queryItems = function* (table, request) {
      for (const row of queryItems(table, request)) {
        sized.push(row.hasSize);
        yield row;
      }
    };
    engine.handle('Query', { ...partitionP, Limit: 10 });
    expect(sized).toEqual(Array(7).fill(false));
    sized.length = 0;
    engine.handle('Query', { ...partitionP, Limit: 10, ReturnConsumedCapacity: 'TOTAL' });
    expect(sized).toEqual(Array(7).fill(true));
    sized.length = 0;
    engine.handle('Query', partitionP);
    expect(sized).toEqual(Array(7).fill(true));
  });
});

describe('Query reads only what it returns', () => {
  it('reads only the asked partition of a large table', () => {
    const large = newEngine();
    createHashTable(large, 'scratch');
    createOrdersTable(large, 'large');
    for (let partition = 0; partition < 40; partition++) {
      for (let n = 0; n < 25; n++) put(large, 'large', { pk: { S: `P${partition}` }, sk: { N: String(n) } });
    }
    const rows = countRowsRead(large);
    const response = large.handle('Query', {
      TableName: 'large',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'P17' } },
    });
    expect(response.Count).toBe(25);
    expect(rows.query).toBe(25);
    expect(rows.scanCalls).toBe(0);

    rows.query = 0;
    const limited = large.handle('Query', {
      TableName: 'large',
      KeyConditionExpression: 'pk = :p AND sk >= :s',
      ExpressionAttributeValues: { ':p': { S: 'P3' }, ':s': { N: '20' } },
      Limit: 2,
    });
    expect(limited.Count).toBe(2);
    expect(rows.query).toBe(2);
    large.close();
  });
});

describe('Query Select, filter and projection', () => {
  it('reports Count after the filter and ScannedCount before it', () => {
    const response = engine.handle('Query', {
      ...partitionP,
      FilterExpression: 'v IN (:a, :b)',
      ExpressionAttributeValues: { ':p': { S: 'p' }, ':a': { S: 'v2' }, ':b': { S: 'v6' } },
    });
    expect(sortKeys(response)).toEqual(['2', '6']);
    expect(response.Count).toBe(2);
    expect(response.ScannedCount).toBe(7);
  });

  it('projects the attributes asked for', () => {
    const response = engine.handle('Query', {
      ...partitionP,
      ProjectionExpression: '#v',
      ExpressionAttributeNames: { '#v': 'v' },
      Limit: 2,
    });
    expect(response.Items).toEqual([{ v: { S: 'v1' } }, { v: { S: 'v2' } }]);
  });

  it('returns only the counts for Select COUNT', () => {
    expect(engine.handle('Query', { ...partitionP, Select: 'COUNT' })).toEqual({ Count: 7, ScannedCount: 7 });
  });

  it('rejects a filter on a key attribute', () => {
    const error = errorOf(() =>
      engine.handle('Query', {
        ...partitionP,
        FilterExpression: 'sk > :x',
        ExpressionAttributeValues: { ':p': { S: 'p' }, ':x': { N: '1' } },
      }),
    );
    expect(error.message).toBe(
      'Filter Expression can only contain non-primary key attributes: Primary key attribute: sk',
    );
  });

  it('accepts the legacy QueryFilter and AttributesToGet', () => {
    const response = engine.handle('Query', {
      TableName: 'orders',
      KeyConditions: { pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'p' }] } },
      QueryFilter: { v: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'v3' }] } },
      AttributesToGet: ['v'],
    });
    expect(response).toEqual({ Items: [{ v: { S: 'v3' } }], Count: 1, ScannedCount: 7 });
    const error = errorOf(() =>
      engine.handle('Query', {
        TableName: 'orders',
        KeyConditions: { pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'p' }] } },
        QueryFilter: { sk: { ComparisonOperator: 'GT', AttributeValueList: [{ N: '1' }] } },
      }),
    );
    expect(error.message).toBe('QueryFilter can only contain non-primary key attributes: Primary key attribute: sk');
  });

  it.each([
    [
      { Select: 'SPECIFIC_ATTRIBUTES' },
      'Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES',
    ],
    [
      { Select: 'ALL_PROJECTED_ATTRIBUTES' },
      'ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName',
    ],
    [
      { Select: 'ALL_ATTRIBUTES', ProjectionExpression: 'v' },
      'Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES',
    ],
    [
      { Select: 'COUNT', ProjectionExpression: 'v' },
      'Cannot specify the ProjectionExpression when choosing to get only the Count',
    ],
  ])('rejects %o', (extra, message) => {
    expect(errorOf(() => engine.handle('Query', { ...partitionP, ...extra })).message).toBe(message);
  });

  it('rejects a path into a key attribute', () => {
    expect(errorOf(() => engine.handle('Query', { ...partitionP, ProjectionExpression: 'pk.x' })).message).toBe(
      "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk",
    );
    expect(errorOf(() => engine.handle('Query', { ...partitionP, ProjectionExpression: 'gsk[0]' })).message).toBe(
      "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: gsk",
    );
  });
});

describe('Query ExclusiveStartKey validation', () => {
  it.each([
    [{ pk: { S: 'p' } }, 'The provided starting key is invalid'],
    [
      { pk: { S: 'other' }, sk: { N: '1' } },
      'The provided starting key is outside query boundaries based on provided conditions',
    ],
  ])('rejects %o', (startKey, message) => {
    expect(errorOf(() => engine.handle('Query', { ...partitionP, ExclusiveStartKey: startKey })).message).toBe(message);
  });

  it('rejects a start key outside the sort-key condition', () => {
    const error = errorOf(() =>
      engine.handle('Query', {
        TableName: 'orders',
        KeyConditionExpression: 'pk = :p AND sk > :s',
        ExpressionAttributeValues: { ':p': { S: 'p' }, ':s': { N: '3' } },
        ExclusiveStartKey: { pk: { S: 'p' }, sk: { N: '1' } },
      }),
    );
    expect(error.message).toBe('The provided starting key does not match the range key predicate');
  });
});

describe('Query consumed capacity', () => {
  it('sums the bytes read and rounds once; eventually consistent reads cost half', () => {
    const sized = newEngine();
    createOrdersTable(sized, 'sized');
    // Three items of about 1.5 KB: 4.5 KB in all is two 4 KB units (GetItem would round each).
    for (let n = 0; n < 3; n++)
      put(sized, 'sized', { pk: { S: 's' }, sk: { N: String(n) }, body: { S: 'y'.repeat(1500) } });
    const request = {
      TableName: 'sized',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 's' } },
      ReturnConsumedCapacity: 'TOTAL',
    };
    expect(sized.handle('Query', { ...request, ConsistentRead: true }).ConsumedCapacity).toEqual({
      TableName: 'sized',
      CapacityUnits: 2,
    });
    expect(sized.handle('Query', request).ConsumedCapacity).toEqual({ TableName: 'sized', CapacityUnits: 1 });
    expect(
      sized.handle('Query', { ...request, Select: 'COUNT', ReturnConsumedCapacity: 'INDEXES' }).ConsumedCapacity,
    ).toEqual({
      TableName: 'sized',
      CapacityUnits: 1,
      Table: { CapacityUnits: 1 },
    });
    sized.close();
  });
});
