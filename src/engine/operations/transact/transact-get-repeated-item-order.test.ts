import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

const repeated = 'Transaction request cannot include multiple operations on one item';
const get = (TableName: string, Key: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  Get: { TableName, Key, ...extra },
});

// DynamoDB checks the Gets' projections, then rejects a repeated item, and only then looks
// up tables and checks key values against the schema.
describe('TransactGetItems: a repeated item is reported before tables and keys are checked', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'items' });
  });
  afterEach(() => engine.close());

  const twice = [get('items', { pk: { S: 'a' } }), get('items', { pk: { S: 'a' } })];

  it('before an unknown table, a key that does not fit and a number out of range', () => {
    for (const third of [
      get('missing', { pk: { S: 'a' } }),
      get('items', { pk: { N: '1' } }),
      get('items', { pk: { N: '1e999' } }),
    ]) {
      expect(errorOf(() => engine.handle('TransactGetItems', { TransactItems: [...twice, third] })).message).toBe(
        repeated,
      );
    }
  });

  it('after the projections', () => {
    const badProjection = get('items', { pk: { S: 'a' } }, { ProjectionExpression: '#undefined' });
    expect(errorOf(() => engine.handle('TransactGetItems', { TransactItems: [badProjection, twice[1]] })).message).toBe(
      'Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #undefined',
    );
    const keyPath = get('items', { pk: { S: 'a' } }, { ProjectionExpression: 'pk.x' });
    expect(errorOf(() => engine.handle('TransactGetItems', { TransactItems: [keyPath, twice[1]] })).message).toBe(
      "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk",
    );
  });
});
