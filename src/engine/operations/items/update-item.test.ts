import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

const key = { pk: { S: 'u' } };
const stored = {
  pk: { S: 'u' },
  a: { N: '1' },
  b: { S: 'keep' },
  m: { M: { x: { N: '1' }, y: { N: '2' } } },
  s: { SS: ['p', 'q'] },
  l: { L: [{ S: 'l0' }, { S: 'l1' }] },
};

describe('UpdateItem', () => {
  let engine: Engine;
  const update = (request: Record<string, unknown>) =>
    engine.handle('UpdateItem', { TableName: 'items', Key: key, ...request });
  const get = () => engine.handle('GetItem', { TableName: 'items', Key: key }).Item;

  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'items' });
    engine.handle('PutItem', { TableName: 'items', Item: stored });
  });
  afterEach(() => engine.close());

  it('returns the whole new item with ALL_NEW and the old one with ALL_OLD', () => {
    const request = {
      UpdateExpression: 'SET a = a + :one, m.x = :ten REMOVE b',
      ExpressionAttributeValues: { ':one': { N: '1' }, ':ten': { N: '10' } },
    };
    expect(update({ ...request, ReturnValues: 'ALL_OLD' })).toEqual({ Attributes: stored });
    const after = update({ ...request, ReturnValues: 'ALL_NEW' }).Attributes as Record<string, unknown>;
    expect(after.a).toEqual({ N: '3' });
    expect(after.m).toEqual({ M: { x: { N: '10' }, y: { N: '2' } } });
    expect(after).not.toHaveProperty('b');
  });

  it('returns only the updated paths, still nested, with UPDATED_OLD and UPDATED_NEW', () => {
    const request = {
      UpdateExpression: 'SET m.x = :v, l[1] = :w',
      ExpressionAttributeValues: { ':v': { N: '5' }, ':w': { S: 'L1' } },
    };
    expect(update({ ...request, ReturnValues: 'UPDATED_OLD' })).toEqual({
      Attributes: { m: { M: { x: { N: '1' } } }, l: { L: [{ S: 'l1' }] } },
    });
    expect(update({ ...request, ReturnValues: 'UPDATED_NEW' })).toEqual({
      Attributes: { m: { M: { x: { N: '5' } } }, l: { L: [{ S: 'L1' }] } },
    });
  });

  it('returns set contents with UPDATED_NEW/UPDATED_OLD on ADD and DELETE', () => {
    expect(
      update({
        UpdateExpression: 'ADD s :v',
        ExpressionAttributeValues: { ':v': { SS: ['r'] } },
        ReturnValues: 'UPDATED_NEW',
      }),
    ).toEqual({ Attributes: { s: { SS: ['p', 'q', 'r'] } } });
    expect(
      update({
        UpdateExpression: 'DELETE s :v',
        ExpressionAttributeValues: { ':v': { SS: ['p'] } },
        ReturnValues: 'UPDATED_OLD',
      }),
    ).toEqual({ Attributes: { s: { SS: ['p', 'q', 'r'] } } });
  });

  it('creates a missing item: ALL_OLD and UPDATED_OLD return nothing, ALL_NEW the key and attributes', () => {
    const create = (pk: string, mode: string) =>
      engine.handle('UpdateItem', {
        TableName: 'items',
        Key: { pk: { S: pk } },
        UpdateExpression: 'SET v = :v',
        ExpressionAttributeValues: { ':v': { N: '1' } },
        ReturnValues: mode,
      });
    expect(create('n1', 'ALL_OLD')).toEqual({});
    expect(create('n2', 'ALL_NEW')).toEqual({ Attributes: { pk: { S: 'n2' }, v: { N: '1' } } });
    expect(create('n3', 'UPDATED_OLD')).toEqual({});
  });

  it('does not create a missing item when every action deletes', () => {
    for (const expression of ['REMOVE x', 'DELETE tags :t']) {
      const response = engine.handle('UpdateItem', {
        TableName: 'items',
        Key: { pk: { S: 'ghost' } },
        UpdateExpression: expression,
        ...(expression.includes(':t') ? { ExpressionAttributeValues: { ':t': { SS: ['a'] } } } : {}),
        ReturnValues: 'ALL_NEW',
      });
      expect(response).toEqual({});
      expect(engine.handle('GetItem', { TableName: 'items', Key: { pk: { S: 'ghost' } } })).toEqual({});
    }
  });

  it('creates the bare key when there are no actions at all', () => {
    engine.handle('UpdateItem', { TableName: 'items', Key: { pk: { S: 'bare' } } });
    expect(engine.handle('GetItem', { TableName: 'items', Key: { pk: { S: 'bare' } } })).toEqual({
      Item: { pk: { S: 'bare' } },
    });
  });

  it('applies the update only when its condition holds', () => {
    const request = {
      UpdateExpression: 'SET a = :next',
      ConditionExpression: 'a = :expected',
      ExpressionAttributeValues: { ':next': { N: '2' }, ':expected': { N: '7' } },
    };
    expect(errorOf(() => update(request)).type).toBe('ConditionalCheckFailedException');
    expect(errorOf(() => update({ ...request, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })).extra).toEqual({
      Item: stored,
    });
    expect(get()).toEqual(stored);
  });

  it('rejects an update that grows the item past 400 KB', () => {
    engine.handle('PutItem', { TableName: 'items', Item: { pk: { S: 'u' }, x: { S: 'x'.repeat(300_000) } } });
    const failure = errorOf(() =>
      update({ UpdateExpression: 'SET y = :y', ExpressionAttributeValues: { ':y': { S: 'y'.repeat(150_000) } } }),
    );
    expect(failure.message).toBe('Item size to update has exceeded the maximum allowed size');
  });

  it('applies legacy AttributeUpdates', () => {
    const response = update({
      AttributeUpdates: {
        b: { Action: 'PUT', Value: { S: 'put' } },
        a: { Action: 'ADD', Value: { N: '1' } },
        s: { Action: 'DELETE', Value: { SS: ['p'] } },
        l: { Action: 'DELETE' },
      },
      ReturnValues: 'ALL_NEW',
    });
    expect(response).toEqual({
      Attributes: { pk: { S: 'u' }, a: { N: '2' }, b: { S: 'put' }, m: stored.m, s: { SS: ['q'] } },
    });
  });

  it('rejects unused substitutions and undefined names', () => {
    expect(
      errorOf(() =>
        update({
          UpdateExpression: 'SET a = :a',
          ExpressionAttributeValues: { ':a': { N: '1' }, ':unused': { N: '2' } },
        }),
      ).message,
    ).toBe('Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}');
    expect(
      errorOf(() => update({ UpdateExpression: 'SET #x = :v', ExpressionAttributeValues: { ':v': { N: '1' } } }))
        .message,
    ).toBe(
      'Invalid UpdateExpression: An expression attribute name used in the document path is not defined; attribute name: #x',
    );
  });
});
