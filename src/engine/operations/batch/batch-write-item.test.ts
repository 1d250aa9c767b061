import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

const put = (pk: string, sk: number, extra: Record<string, unknown> = {}) => ({
  PutRequest: { Item: { pk: { S: pk }, sk: { N: String(sk) }, ...extra } },
});
const del = (pk: string, sk: number) => ({ DeleteRequest: { Key: { pk: { S: pk }, sk: { N: String(sk) } } } });

describe('BatchWriteItem', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'one', sortKey: { name: 'sk', type: 'N' } });
    createTestTable(engine, { name: 'two', sortKey: { name: 'sk', type: 'N' } });
  });
  afterEach(() => engine.close());

  const get = (table: string, pk: string, sk: number) =>
    engine.handle('GetItem', { TableName: table, Key: { pk: { S: pk }, sk: { N: String(sk) } } }).Item;

  it('puts and deletes over several tables and always answers UnprocessedItems {}', () => {
    engine.handle('PutItem', { TableName: 'one', Item: { pk: { S: 'old' }, sk: { N: '1' } } });
    const response = engine.handle('BatchWriteItem', {
      RequestItems: { one: [del('old', 1), put('new', 1, { v: { N: '1' } }), del('never', 9)], two: [put('x', 2)] },
    });
    expect(response).toEqual({ UnprocessedItems: {} });
    expect(get('one', 'old', 1)).toBeUndefined();
    expect(get('one', 'new', 1)).toEqual({ pk: { S: 'new' }, sk: { N: '1' }, v: { N: '1' } });
    expect(get('two', 'x', 2)).toEqual({ pk: { S: 'x' }, sk: { N: '2' } });
  });

  it('reports consumed capacity per table, each item rounded', () => {
    const response = engine.handle('BatchWriteItem', {
      RequestItems: { one: [put('a', 1), put('a', 2, { big: { S: 'x'.repeat(1500) } })], two: [put('b', 1)] },
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(response.ConsumedCapacity).toEqual([
      { TableName: 'one', CapacityUnits: 3 },
      { TableName: 'two', CapacityUnits: 1 },
    ]);
  });

  it('rejects two requests on one key, even a put and a delete', () => {
    expect(
      errorOf(() => engine.handle('BatchWriteItem', { RequestItems: { one: [put('a', 1), del('a', 1)] } })).message,
    ).toBe('Provided list of item keys contains duplicates');
    expect(engine.handle('GetItem', { TableName: 'one', Key: { pk: { S: 'a' }, sk: { N: '1' } } })).toEqual({});
  });

  it('words every key problem of a put as a schema mismatch', () => {
    for (const item of [{ pk: { S: 'a' } }, { pk: { S: 'a' }, sk: { S: 'notnum' } }]) {
      expect(
        errorOf(() => engine.handle('BatchWriteItem', { RequestItems: { one: [{ PutRequest: { Item: item } }] } }))
          .message,
      ).toBe('The provided key element does not match the schema');
    }
  });

  it('rejects an entry with neither or both of PutRequest and DeleteRequest', () => {
    const message =
      'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes';
    expect(errorOf(() => engine.handle('BatchWriteItem', { RequestItems: { one: [{}] } })).message).toBe(message);
    expect(
      errorOf(() => engine.handle('BatchWriteItem', { RequestItems: { one: [{ ...put('a', 1), ...del('a', 1) }] } }))
        .message,
    ).toBe(message);
  });

  it('limits a call to 25 requests and needs at least one table', () => {
    const many = Array.from({ length: 13 }, (_, index) => put('a', index));
    expect(errorOf(() => engine.handle('BatchWriteItem', { RequestItems: { one: many, two: many } })).message).toBe(
      'Too many items requested for the BatchWriteItem call',
    );
    expect(errorOf(() => engine.handle('BatchWriteItem', { RequestItems: {} })).message).toBe(
      'The requestItems parameter is required for BatchWriteItem',
    );
  });

  it('rejects an unknown table and writes nothing', () => {
    const failure = errorOf(() =>
      engine.handle('BatchWriteItem', { RequestItems: { one: [put('a', 1)], nope: [put('a', 1)] } }),
    );
    expect(failure).toMatchObject({ type: 'ResourceNotFoundException', message: 'Requested resource not found' });
    expect(engine.handle('GetItem', { TableName: 'one', Key: { pk: { S: 'a' }, sk: { N: '1' } } })).toEqual({});
  });
});
