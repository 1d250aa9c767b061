import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { errorOf } from './thrown-error.test-support.js';

/** `Engine.handle` routes each call with one lookup and runs it inside `storage.withinRequest` without a closure per call. */
describe('Engine.handle dispatch', () => {
  let engine: Engine | undefined;
  afterEach(() => engine?.close());

  it('answers unknown operations, inherited names included, before looking at the input', () => {
    engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    const current = engine;
    for (const operation of ['Nope', 'toString', '__proto__', 'constructor']) {
      expect(errorOf(() => current.handle(operation, null))).toEqual({
        type: 'UnknownOperationException',
        message: '',
      });
      expect(errorOf(() => current.answer(operation, {}).toJson())).toEqual({
        type: 'UnknownOperationException',
        message: '',
      });
    }
  });

  it('rejects an input that is not an object, then checks its shape', () => {
    engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    const current = engine;
    expect(errorOf(() => current.handle('ListTables', []))?.type).toBe('SerializationException');
    expect(errorOf(() => current.handle('ListTables', { Limit: 0 }))?.message).toMatch(
      /^1 validation error detected: /,
    );
  });

  it('runs consecutive calls, failing or not, each with its own input', () => {
    engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    engine.handle('CreateTable', {
      TableName: 'dispatch',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    });
    engine.handle('PutItem', { TableName: 'dispatch', Item: { pk: { S: 'a' }, v: { N: '1' } } });
    expect(errorOf(() => engine?.handle('GetItem', { TableName: 'missing', Key: { pk: { S: 'a' } } }))?.type).toBe(
      'ResourceNotFoundException',
    );
    expect(engine.handle('GetItem', { TableName: 'dispatch', Key: { pk: { S: 'a' } } })).toEqual({
      Item: { pk: { S: 'a' }, v: { N: '1' } },
    });
    expect(JSON.parse(engine.answer('GetItem', { TableName: 'dispatch', Key: { pk: { S: 'b' } } }).toJson())).toEqual(
      {},
    );
  });
});
