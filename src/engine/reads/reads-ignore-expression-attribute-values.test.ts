import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.js';
import { createTestTable, testEngine } from '../test-tables.test-support.js';

// GetItem, BatchGetItem's KeysAndAttributes and TransactGetItems' Get have no
// ExpressionAttributeValues member in DynamoDB's API: one sent anyway is ignored like any
// unknown member, even when empty or invalid (a projection takes names only).
describe('reads by key ignore ExpressionAttributeValues', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'reads' });
    engine.handle('PutItem', { TableName: 'reads', Item: { pk: { S: 'a' }, v: { N: '1' } } });
  });
  afterEach(() => engine.close());

  const unused = { ':unused': { S: 'x' } };

  it('GetItem, with and without a projection', () => {
    expect(
      engine.handle('GetItem', { TableName: 'reads', Key: { pk: { S: 'a' } }, ExpressionAttributeValues: unused }),
    ).toEqual({
      Item: { pk: { S: 'a' }, v: { N: '1' } },
    });
    expect(
      engine.handle('GetItem', {
        TableName: 'reads',
        Key: { pk: { S: 'a' } },
        ProjectionExpression: 'v',
        ExpressionAttributeValues: { ':bad': { N: 'x' } },
      }),
    ).toEqual({ Item: { v: { N: '1' } } });
  });

  it('BatchGetItem', () => {
    expect(
      engine.handle('BatchGetItem', {
        RequestItems: { reads: { Keys: [{ pk: { S: 'a' } }], ExpressionAttributeValues: {} } },
      }),
    ).toEqual({ Responses: { reads: [{ pk: { S: 'a' }, v: { N: '1' } }] }, UnprocessedKeys: {} });
  });

  it('TransactGetItems', () => {
    expect(
      engine.handle('TransactGetItems', {
        TransactItems: [{ Get: { TableName: 'reads', Key: { pk: { S: 'b' } }, ExpressionAttributeValues: unused } }],
      }),
    ).toEqual({ Responses: [{}] });
  });
});
