import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

describe('ConditionalOperator on item writes', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'items' });
  });
  afterEach(() => engine.close());

  const put = (request: Record<string, unknown>) => () =>
    engine.handle('PutItem', { TableName: 'items', Item: { pk: { S: 'a' } }, ...request });

  it('needs an Expected with two or more entries', () => {
    expect(errorOf(put({ ConditionalOperator: 'AND' })).message).toBe(
      'ConditionalOperator cannot be used without Filter or Expected',
    );
    expect(errorOf(put({ ConditionalOperator: 'OR', Expected: {} })).message).toBe(
      'ConditionalOperator cannot be used without Filter or Expected',
    );
    expect(errorOf(put({ ConditionalOperator: 'AND', Expected: { a: { Exists: false } } })).message).toBe(
      'ConditionalOperator can only be used when Filter or Expected has two or more elements',
    );
    expect(put({ ConditionalOperator: 'OR', Expected: { a: { Exists: false }, b: { Exists: false } } })()).toEqual({});
  });

  it('counts as a non-expression parameter beside expressions', () => {
    const update = () =>
      engine.handle('UpdateItem', {
        TableName: 'items',
        Key: { pk: { S: 'a' } },
        UpdateExpression: 'SET a = :a',
        ExpressionAttributeValues: { ':a': { S: 'x' } },
        Expected: { a: { Exists: false } },
        ConditionalOperator: 'OR',
      });
    expect(errorOf(update).message).toBe(
      'Can not use both expression and non-expression parameters in the same request: ' +
        'Non-expression parameters: {Expected, ConditionalOperator} Expression parameters: {UpdateExpression}',
    );
  });
});
