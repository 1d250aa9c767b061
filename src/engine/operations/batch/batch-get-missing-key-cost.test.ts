import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, testEngine } from '../../test-tables.test-support.js';

/** Behaviour observed on DynamoDB Local 1.25.1, the conformance reference. */
describe('BatchGetItem capacity of keys that find nothing', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'one' });
    engine.handle('PutItem', { TableName: 'one', Item: { pk: { S: 'a' } } });
  });
  afterEach(() => engine.close());

  const consumed = (keys: string[], consistent: boolean) =>
    engine.handle('BatchGetItem', {
      RequestItems: { one: { Keys: keys.map((key) => ({ pk: { S: key } })), ConsistentRead: consistent } },
      ReturnConsumedCapacity: 'TOTAL',
    }).ConsumedCapacity;

  it('charges nothing for a missing item, and still lists the table', () => {
    expect(consumed(['zz', 'yy'], true)).toEqual([{ TableName: 'one', CapacityUnits: 0 }]);
    expect(consumed(['a', 'zz'], false)).toEqual([{ TableName: 'one', CapacityUnits: 0.5 }]);
    expect(consumed(['a', 'zz'], true)).toEqual([{ TableName: 'one', CapacityUnits: 1 }]);
  });
});
