import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

describe('PutItem', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'items', sortKey: { name: 'sk', type: 'N' } });
  });
  afterEach(() => engine.close());

  it('stores the item with canonical numbers, found by any spelling of a number key', () => {
    expect(
      engine.handle('PutItem', { TableName: 'items', Item: { pk: { S: 'a' }, sk: { N: '1.0' }, n: { N: '01.50' } } }),
    ).toEqual({});
    expect(engine.handle('GetItem', { TableName: 'items', Key: { pk: { S: 'a' }, sk: { N: '1' } } })).toEqual({
      Item: { pk: { S: 'a' }, sk: { N: '1' }, n: { N: '1.5' } },
    });
  });

  it('returns the replaced item with ALL_OLD, nothing for a new item', () => {
    const put = (v: string) =>
      engine.handle('PutItem', {
        TableName: 'items',
        Item: { pk: { S: 'a' }, sk: { N: '1' }, v: { S: v } },
        ReturnValues: 'ALL_OLD',
      });
    expect(put('first')).toEqual({});
    expect(put('second')).toEqual({ Attributes: { pk: { S: 'a' }, sk: { N: '1' }, v: { S: 'first' } } });
  });

  it('accepts only NONE and ALL_OLD as ReturnValues', () => {
    const failure = errorOf(() =>
      engine.handle('PutItem', {
        TableName: 'items',
        Item: { pk: { S: 'a' }, sk: { N: '1' } },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(failure).toMatchObject({ type: 'ValidationException', message: 'ReturnValues can only be ALL_OLD or NONE' });
  });

  it('fails its condition with ConditionalCheckFailedException, with the item on ALL_OLD', () => {
    const item = { pk: { S: 'a' }, sk: { N: '1' } };
    engine.handle('PutItem', { TableName: 'items', Item: item });
    const request = { TableName: 'items', Item: item, ConditionExpression: 'attribute_not_exists(pk)' };
    expect(errorOf(() => engine.handle('PutItem', request))).toEqual({
      type: 'ConditionalCheckFailedException',
      message: 'The conditional request failed',
      extra: {},
    });
    expect(
      errorOf(() => engine.handle('PutItem', { ...request, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })).extra,
    ).toEqual({ Item: item });
  });

  it('rejects an unknown table before looking at the item', () => {
    expect(errorOf(() => engine.handle('PutItem', { TableName: 'nope', Item: {} }))).toMatchObject({
      type: 'ResourceNotFoundException',
      message: 'Requested resource not found',
    });
  });

  it('rejects an item over 400 KB and accepts one just under', () => {
    const big = (length: number) => ({ pk: { S: 'a' }, sk: { N: '1' }, x: { S: 'x'.repeat(length) } });
    expect(errorOf(() => engine.handle('PutItem', { TableName: 'items', Item: big(400 * 1024) }))).toMatchObject({
      message: 'Item size has exceeded the maximum allowed size',
    });
    // 'pk' + 'a' + 'sk' + 2 bytes of number + 'x' = 8 bytes besides the string.
    expect(engine.handle('PutItem', { TableName: 'items', Item: big(400 * 1024 - 8) })).toEqual({});
  });

  it('checks the legacy Expected parameter', () => {
    engine.handle('PutItem', { TableName: 'items', Item: { pk: { S: 'a' }, sk: { N: '1' } } });
    const failure = errorOf(() =>
      engine.handle('PutItem', {
        TableName: 'items',
        Item: { pk: { S: 'a' }, sk: { N: '1' } },
        Expected: { pk: { Exists: false } },
      }),
    );
    expect(failure.type).toBe('ConditionalCheckFailedException');
  });

  it('refuses expression and legacy parameters together', () => {
    const failure = errorOf(() =>
      engine.handle('PutItem', {
        TableName: 'items',
        Item: { pk: { S: 'a' }, sk: { N: '1' } },
        ConditionExpression: 'attribute_not_exists(pk)',
        Expected: { pk: { Exists: false } },
      }),
    );
    expect(failure.message).toBe(
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}',
    );
  });

  it('refuses substitutions without an expression that could use them', () => {
    const item = { pk: { S: 'a' }, sk: { N: '1' } };
    expect(
      errorOf(() =>
        engine.handle('PutItem', { TableName: 'items', Item: item, ExpressionAttributeNames: { '#a': 'a' } }),
      ).message,
    ).toBe('ExpressionAttributeNames can only be specified when using expressions');
    expect(
      errorOf(() =>
        engine.handle('PutItem', { TableName: 'items', Item: item, ExpressionAttributeValues: { ':a': { S: 'a' } } }),
      ).message,
    ).toBe('ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null');
  });
});
