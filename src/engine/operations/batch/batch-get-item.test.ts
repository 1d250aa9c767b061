import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

const key = (pk: string, sk: number) => ({ pk: { S: pk }, sk: { N: String(sk) } });

describe('BatchGetItem', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'one', sortKey: { name: 'sk', type: 'N' } });
    createTestTable(engine, { name: 'two', sortKey: { name: 'sk', type: 'N' } });
    for (const [table, pk, sk] of [
      ['one', 'a', 1],
      ['one', 'a', 2],
      ['two', 'b', 1],
    ] as const) {
      engine.handle('PutItem', { TableName: table, Item: { ...key(pk, sk), v: { S: `${pk}${sk}` }, w: { N: '1' } } });
    }
  });
  afterEach(() => engine.close());

  it('reads several tables, projected per table, with an empty list for nothing found', () => {
    const response = engine.handle('BatchGetItem', {
      RequestItems: {
        one: {
          Keys: [key('a', 1), key('a', 2), key('zz', 1)],
          ProjectionExpression: '#v',
          ExpressionAttributeNames: { '#v': 'v' },
        },
        two: { Keys: [key('b', 1)], AttributesToGet: ['w'] },
      },
    });
    expect(response).toEqual({
      Responses: { one: [{ v: { S: 'a1' } }, { v: { S: 'a2' } }], two: [{ w: { N: '1' } }] },
      UnprocessedKeys: {},
    });
    expect(engine.handle('BatchGetItem', { RequestItems: { two: { Keys: [key('none', 1)] } } })).toEqual({
      Responses: { two: [] },
      UnprocessedKeys: {},
    });
  });

  it('charges each item separately, halved unless ConsistentRead', () => {
    const read = (consistent: boolean) =>
      engine.handle('BatchGetItem', {
        RequestItems: { one: { Keys: [key('a', 1), key('a', 2)], ConsistentRead: consistent } },
        ReturnConsumedCapacity: 'TOTAL',
      }).ConsumedCapacity;
    expect(read(false)).toEqual([{ TableName: 'one', CapacityUnits: 1 }]);
    expect(read(true)).toEqual([{ TableName: 'one', CapacityUnits: 2 }]);
  });

  it('rejects duplicate keys, bad keys, more than 100 keys and unknown tables', () => {
    expect(
      errorOf(() => engine.handle('BatchGetItem', { RequestItems: { one: { Keys: [key('a', 1), key('a', 1)] } } }))
        .message,
    ).toBe('Provided list of item keys contains duplicates');
    expect(
      errorOf(() => engine.handle('BatchGetItem', { RequestItems: { one: { Keys: [{ pk: { S: 'a' } }] } } })).message,
    ).toBe('The provided key element does not match the schema');
    const keys = Array.from({ length: 51 }, (_, index) => key('k', index));
    expect(
      errorOf(() => engine.handle('BatchGetItem', { RequestItems: { one: { Keys: keys }, two: { Keys: keys } } }))
        .message,
    ).toBe('Too many items requested for the BatchGetItem call');
    expect(
      errorOf(() => engine.handle('BatchGetItem', { RequestItems: { nope: { Keys: [key('a', 1)] } } })),
    ).toMatchObject({
      type: 'ResourceNotFoundException',
      message: 'Requested resource not found',
    });
    expect(errorOf(() => engine.handle('BatchGetItem', { RequestItems: {} })).message).toBe(
      'The requestItems parameter is required for BatchGetItem',
    );
  });

  it('returns keys beyond a 16 MB response as UnprocessedKeys, keeping the request members', () => {
    createTestTable(engine, { name: 'big' });
    const keys = Array.from({ length: 50 }, (_, index) => ({ pk: { S: `k${index}` } }));
    for (const k of keys)
      engine.handle('PutItem', { TableName: 'big', Item: { ...k, x: { S: 'x'.repeat(390 * 1024) } } });
    const response = engine.handle('BatchGetItem', { RequestItems: { big: { Keys: keys, ConsistentRead: true } } });
    const found = (response.Responses as Record<string, unknown[]>).big.length;
    const unprocessed = (response.UnprocessedKeys as Record<string, { Keys: unknown[]; ConsistentRead: boolean }>).big;
    expect(found).toBe(42);
    expect(unprocessed.Keys).toEqual(keys.slice(42));
    expect(unprocessed.ConsistentRead).toBe(true);
  });
});
