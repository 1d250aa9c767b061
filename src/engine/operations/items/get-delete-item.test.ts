import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

const document = {
  pk: { S: 'd' },
  title: { S: 'Doc' },
  count: { N: '3' },
  profile: { M: { name: { S: 'Ann' }, address: { M: { city: { S: 'Oslo' }, zip: { S: '0150' } } } } },
  'dot.ted': { S: 'dot' },
};

describe('GetItem', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'docs' });
    engine.handle('PutItem', { TableName: 'docs', Item: document });
  });
  afterEach(() => engine.close());

  const get = (request: Record<string, unknown>) =>
    engine.handle('GetItem', { TableName: 'docs', Key: { pk: { S: 'd' } }, ...request });

  it('answers {} for a missing item', () => {
    expect(engine.handle('GetItem', { TableName: 'docs', Key: { pk: { S: 'none' } } })).toEqual({});
  });

  it('projects top-level and nested paths, skipping missing ones', () => {
    expect(get({ ProjectionExpression: 'title, #c, absent', ExpressionAttributeNames: { '#c': 'count' } })).toEqual({
      Item: { title: { S: 'Doc' }, count: { N: '3' } },
    });
    expect(
      get({ ProjectionExpression: 'profile.address.city, profile.#n', ExpressionAttributeNames: { '#n': 'name' } }),
    ).toEqual({
      Item: { profile: { M: { name: { S: 'Ann' }, address: { M: { city: { S: 'Oslo' } } } } } },
    });
    expect(get({ ProjectionExpression: 'dot.ted' })).toEqual({ Item: {} });
    expect(get({ ProjectionExpression: '#d', ExpressionAttributeNames: { '#d': 'dot.ted' } })).toEqual({
      Item: { 'dot.ted': { S: 'dot' } },
    });
  });

  it('supports legacy AttributesToGet but not together with a ProjectionExpression', () => {
    expect(get({ AttributesToGet: ['title', 'count', 'nope'] })).toEqual({
      Item: { title: { S: 'Doc' }, count: { N: '3' } },
    });
    expect(errorOf(() => get({ AttributesToGet: ['pk'], ProjectionExpression: 'pk' })).message).toBe(
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}',
    );
  });

  it('rejects empty and unused ExpressionAttributeNames', () => {
    expect(errorOf(() => get({ ProjectionExpression: 'pk', ExpressionAttributeNames: {} })).message).toBe(
      'ExpressionAttributeNames must not be empty',
    );
    expect(errorOf(() => get({ ProjectionExpression: 'pk', ExpressionAttributeNames: { '#x': 'x' } })).message).toBe(
      'Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}',
    );
  });
});

describe('DeleteItem', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'docs' });
    engine.handle('PutItem', { TableName: 'docs', Item: { pk: { S: 'v' }, version: { N: '3' } } });
  });
  afterEach(() => engine.close());

  it('deletes under a version condition and returns the old item with ALL_OLD', () => {
    const request = { TableName: 'docs', Key: { pk: { S: 'v' } }, ConditionExpression: 'version = :v' };
    expect(
      errorOf(() => engine.handle('DeleteItem', { ...request, ExpressionAttributeValues: { ':v': { N: '2' } } })).type,
    ).toBe('ConditionalCheckFailedException');
    expect(
      engine.handle('DeleteItem', {
        ...request,
        ExpressionAttributeValues: { ':v': { N: '3' } },
        ReturnValues: 'ALL_OLD',
      }),
    ).toEqual({ Attributes: { pk: { S: 'v' }, version: { N: '3' } } });
    expect(engine.handle('GetItem', { TableName: 'docs', Key: { pk: { S: 'v' } } })).toEqual({});
  });

  it('succeeds on a missing item and refuses ALL_NEW', () => {
    expect(
      engine.handle('DeleteItem', { TableName: 'docs', Key: { pk: { S: 'none' } }, ReturnValues: 'ALL_OLD' }),
    ).toEqual({});
    expect(
      errorOf(() =>
        engine.handle('DeleteItem', { TableName: 'docs', Key: { pk: { S: 'v' } }, ReturnValues: 'ALL_NEW' }),
      ).message,
    ).toBe('ReturnValues can only be ALL_OLD or NONE');
  });
});
