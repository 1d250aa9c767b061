import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

// In a transaction, a Put whose index key attribute has another scalar type is a problem of
// that action: the transaction is cancelled with a ValidationError reason. A value that is
// no scalar at all (a set) still fails the whole request.
describe('TransactWriteItems: a Put with an index key of the wrong type', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, {
      name: 'indexed',
      globalIndexes: [
        {
          name: 'byG',
          kind: 'global',
          partitionKeys: [{ name: 'g', type: 'S' }],
          sortKeys: [],
          projection: { type: 'ALL' },
        },
      ],
    });
  });
  afterEach(() => engine.close());

  const putWith = (g: Record<string, unknown>) => ({
    TransactItems: [
      { Put: { TableName: 'indexed', Item: { pk: { S: 'ok' } } } },
      { Put: { TableName: 'indexed', Item: { pk: { S: 'a' }, g } } },
    ],
  });

  it('cancels the transaction when the type is another scalar', () => {
    const failure = errorOf(() => engine.handle('TransactWriteItems', putWith({ N: '1' })));
    expect(failure.type).toBe('TransactionCanceledException');
    expect(failure.extra.CancellationReasons).toEqual([
      { Code: 'None' },
      {
        Code: 'ValidationError',
        Message:
          'One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: N IndexName: byG',
      },
    ]);
    expect(engine.handle('Scan', { TableName: 'indexed' })).toMatchObject({ Count: 0 });
  });

  it('fails the request when the value is not a scalar', () => {
    const failure = errorOf(() => engine.handle('TransactWriteItems', putWith({ SS: ['x'] })));
    expect(failure.type).toBe('ValidationException');
  });
});
