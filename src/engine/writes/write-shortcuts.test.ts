import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredTableDefinition } from '../storage/storage.js';
import type { AttributeValue } from '../values/attribute-value.js';
import { itemIdentity } from '../keys/table-keys.js';
import { engineWithStatusIndex, errorOf, type testEngine } from '../test-tables.test-support.js';

/*
 * Shortcuts of the write path: a PutItem whose answer cannot depend on the replaced item
 * writes without reading it, requests without expressions skip the expression checks,
 * and duplicate detection builds its identities by hand instead of with JSON.stringify.
 */

const table: StoredTableDefinition = {
  name: 't',
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'N' },
  globalIndexes: [],
  localIndexes: [],
  description: { TableName: 't' },
};

const keyValue = (type: 'S' | 'N' | 'B'): fc.Arbitrary<AttributeValue> =>
  fc.string({ maxLength: 6 }).map((text) => ({ [type]: text }) as AttributeValue);

describe('itemIdentity', () => {
  it('gives two keys the same identity exactly when their JSON is the same', () => {
    const key = fc.record({
      pk: fc.oneof(keyValue('S'), keyValue('N'), keyValue('B')),
      sk: fc.oneof(keyValue('S'), keyValue('N')),
    });
    fc.assert(
      fc.property(fc.constantFrom('t', 'u'), key, fc.constantFrom('t', 'u'), key, (tableA, keyA, tableB, keyB) => {
        const sameJson = JSON.stringify([tableA, keyA.pk, keyA.sk]) === JSON.stringify([tableB, keyB.pk, keyB.sk]);
        expect(itemIdentity(tableA, table, keyA) === itemIdentity(tableB, table, keyB)).toBe(sameJson);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells apart keys whose parts only concatenate alike', () => {
    expect(itemIdentity('t', table, { pk: { S: 'a1:' }, sk: { N: '1' } })).not.toBe(
      itemIdentity('t', table, { pk: { S: 'a' }, sk: { N: '1:1' } }),
    );
  });
});

describe('PutItem without reading the replaced item', () => {
  const query = (engine: ReturnType<typeof testEngine>, status: string) =>
    engine.handle('Query', {
      TableName: 'jobs',
      IndexName: 'byStatus',
      KeyConditionExpression: '#s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': { S: status } },
    }).Items;

  it('keeps the index in step when it replaces an item', () => {
    const engine = engineWithStatusIndex();
    const key = { pk: { S: 'a' }, sk: { S: '1' } };
    expect(engine.handle('PutItem', { TableName: 'jobs', Item: { ...key, status: { S: 'open' } } })).toEqual({});
    expect(engine.handle('PutItem', { TableName: 'jobs', Item: { ...key, status: { S: 'done' } } })).toEqual({});
    expect(query(engine, 'open')).toEqual([]);
    expect(query(engine, 'done')).toEqual([{ ...key, status: { S: 'done' } }]);
    expect(engine.handle('PutItem', { TableName: 'jobs', Item: { ...key, note: { S: 'x' } } })).toEqual({});
    expect(query(engine, 'done')).toEqual([]);
    expect(engine.handle('GetItem', { TableName: 'jobs', Key: key }).Item).toEqual({ ...key, note: { S: 'x' } });
  });

  it('still answers what the replaced item decides when asked for it', () => {
    const engine = engineWithStatusIndex();
    const key = { pk: { S: 'a' }, sk: { S: '1' } };
    engine.handle('PutItem', { TableName: 'jobs', Item: { ...key, status: { S: 'open' } } });
    expect(engine.handle('PutItem', { TableName: 'jobs', Item: key, ReturnValues: 'ALL_OLD' })).toEqual({
      Attributes: { ...key, status: { S: 'open' } },
    });
    expect(
      engine.handle('PutItem', { TableName: 'jobs', Item: key, ReturnValues: 'NONE', ReturnConsumedCapacity: 'TOTAL' }),
    ).toEqual({
      ConsumedCapacity: { TableName: 'jobs', CapacityUnits: 1 },
    });
    expect(
      errorOf(() =>
        engine.handle('PutItem', { TableName: 'jobs', Item: key, ConditionExpression: 'attribute_not_exists(pk)' }),
      ).type,
    ).toBe('ConditionalCheckFailedException');
  });

  it('still rejects substitutions sent without an expression', () => {
    const engine = engineWithStatusIndex();
    const item = { pk: { S: 'a' }, sk: { S: '1' } };
    expect(
      errorOf(() =>
        engine.handle('PutItem', { TableName: 'jobs', Item: item, ExpressionAttributeNames: { '#a': 'a' } }),
      ).message,
    ).toBe('ExpressionAttributeNames can only be specified when using expressions');
    expect(
      errorOf(() => engine.handle('PutItem', { TableName: 'jobs', Item: item, ExpressionAttributeValues: {} })).message,
    ).toMatch(/^ExpressionAttributeValues can only be specified when using expressions/);
  });
});
