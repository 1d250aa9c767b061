import { describe, expect, it } from 'vitest';
import { itemSize } from '../values/index.js';
import { createTestTable, testEngine } from '../test-tables.test-support.js';

describe('LSI reads carry no per-item overhead (unlike LSI writes)', () => {
  it('bills a 4,000-byte item read through an LSI as 1 unit, as DynamoDB Local measures', () => {
    const engine = testEngine();
    createTestTable(engine, {
      name: 'measured',
      sortKey: { name: 'sk', type: 'S' },
      localIndexes: [
        {
          name: 'lsi',
          kind: 'local',
          partitionKeys: [{ name: 'pk', type: 'S' }],
          sortKeys: [{ name: 'lk', type: 'S' }],
          projection: { type: 'ALL' },
        },
      ],
    });
    const base = { pk: { S: 'p' }, sk: { S: '1' }, lk: { S: 'l' } };
    const item = { ...base, pad: { S: 'x'.repeat(4000 - itemSize({ ...base, pad: { S: '' } })) } };
    expect(itemSize(item)).toBe(4000);
    // Writing it costs the LSI 100 bytes more than the item: 4,100 bytes are 5 write units.
    const written = engine.handle('PutItem', { TableName: 'measured', Item: item, ReturnConsumedCapacity: 'INDEXES' });
    expect(written.ConsumedCapacity).toMatchObject({ LocalSecondaryIndexes: { lsi: { CapacityUnits: 5 } } });
    // Reading it back costs its own 4,000 bytes: one 4 KB unit, not two.
    const query = (select: Record<string, unknown>) =>
      engine.handle('Query', {
        TableName: 'measured',
        IndexName: 'lsi',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': { S: 'p' } },
        ConsistentRead: true,
        ReturnConsumedCapacity: 'INDEXES',
        ...select,
      }).ConsumedCapacity;
    expect(query({})).toEqual({
      TableName: 'measured',
      CapacityUnits: 1,
      Table: { CapacityUnits: 0 },
      LocalSecondaryIndexes: { lsi: { CapacityUnits: 1 } },
    });
    const scan = engine.handle('Scan', {
      TableName: 'measured',
      IndexName: 'lsi',
      ConsistentRead: true,
      ReturnConsumedCapacity: 'INDEXES',
    });
    expect(scan.ConsumedCapacity).toMatchObject({
      CapacityUnits: 1,
      LocalSecondaryIndexes: { lsi: { CapacityUnits: 1 } },
    });
    engine.close();
  });
});
