import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

const k = (pk: string) => ({ pk: { S: pk } });

describe('TransactGetItems', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'one' });
    createTestTable(engine, { name: 'two' });
    engine.handle('PutItem', { TableName: 'one', Item: { pk: { S: 'a' }, v: { N: '1' }, w: { S: 'w' } } });
    engine.handle('PutItem', { TableName: 'two', Item: { pk: { S: 'a' }, v: { N: '2' } } });
  });
  afterEach(() => engine.close());

  it('answers in request order across tables, {} for a missing item, projected on request', () => {
    const response = engine.handle('TransactGetItems', {
      TransactItems: [
        { Get: { TableName: 'two', Key: k('a') } },
        { Get: { TableName: 'one', Key: k('missing') } },
        { Get: { TableName: 'one', Key: k('a'), ProjectionExpression: 'w' } },
      ],
    });
    expect(response).toEqual({
      Responses: [{ Item: { pk: { S: 'a' }, v: { N: '2' } } }, {}, { Item: { w: { S: 'w' } } }],
    });
  });

  it('charges double strongly consistent reads, reported as read units', () => {
    const response = engine.handle('TransactGetItems', {
      TransactItems: [{ Get: { TableName: 'one', Key: k('a') } }],
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(response.ConsumedCapacity).toEqual([{ TableName: 'one', CapacityUnits: 2, ReadCapacityUnits: 2 }]);
  });

  it('refuses two gets of one item', () => {
    expect(
      errorOf(() =>
        engine.handle('TransactGetItems', {
          TransactItems: [{ Get: { TableName: 'one', Key: k('a') } }, { Get: { TableName: 'one', Key: k('a') } }],
        }),
      ).message,
    ).toBe('Transaction request cannot include multiple operations on one item');
  });

  it('rejects unknown tables', () => {
    expect(
      errorOf(() => engine.handle('TransactGetItems', { TransactItems: [{ Get: { TableName: 'nope', Key: k('a') } }] }))
        .type,
    ).toBe('ResourceNotFoundException');
  });
});
