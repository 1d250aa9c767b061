import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, testEngine } from '../../test-tables.test-support.js';

const key = { pk: { S: 'a' }, sk: { N: '1' } };

describe('ReturnConsumedCapacity and ReturnItemCollectionMetrics on single items', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, {
      name: 'cap',
      sortKey: { name: 'sk', type: 'N' },
      globalIndexes: [
        {
          name: 'gsi',
          kind: 'global',
          partitionKeys: [{ name: 'g', type: 'S' }],
          sortKeys: [],
          projection: { type: 'ALL' },
        },
      ],
      localIndexes: [
        {
          name: 'lsi',
          kind: 'local',
          partitionKeys: [{ name: 'pk', type: 'S' }],
          sortKeys: [{ name: 'l', type: 'N' }],
          projection: { type: 'KEYS_ONLY' },
        },
      ],
    });
  });
  afterEach(() => engine.close());

  const put = (item: Record<string, unknown>) =>
    engine.handle('PutItem', { TableName: 'cap', Item: { ...key, ...item }, ReturnConsumedCapacity: 'INDEXES' })
      .ConsumedCapacity;

  it('charges each index its own writes: new entries, moved entries, unchanged projections', () => {
    expect(put({ g: { S: 'x' }, l: { N: '3' } })).toEqual({
      TableName: 'cap',
      CapacityUnits: 3,
      Table: { CapacityUnits: 1 },
      GlobalSecondaryIndexes: { gsi: { CapacityUnits: 1 } },
      LocalSecondaryIndexes: { lsi: { CapacityUnits: 1 } },
    });
    // The GSI key moves (delete + put); the KEYS_ONLY LSI entry does not change.
    expect(put({ g: { S: 'y' }, l: { N: '3' } })).toEqual({
      TableName: 'cap',
      CapacityUnits: 3,
      Table: { CapacityUnits: 1 },
      GlobalSecondaryIndexes: { gsi: { CapacityUnits: 2 } },
    });
  });

  it('counts 100 bytes of overhead on each local index entry, none on global index entries', () => {
    const index = { partitionKeys: [{ name: 'pk', type: 'S' }], sortKeys: [], projection: { type: 'ALL' } } as const;
    createTestTable(engine, {
      name: 'overhead',
      sortKey: { name: 'sk', type: 'N' },
      globalIndexes: [{ ...index, name: 'gsi', kind: 'global', sortKeys: [{ name: 'g', type: 'S' }] }],
      localIndexes: [{ ...index, name: 'lsi', kind: 'local', sortKeys: [{ name: 'l', type: 'N' }] }],
    });
    // About 940 bytes: one unit on the table and the GSI, two on the LSI.
    const item = { ...key, g: { S: 'x' }, l: { N: '3' }, pad: { S: 'x'.repeat(920) } };
    const response = engine.handle('PutItem', { TableName: 'overhead', Item: item, ReturnConsumedCapacity: 'INDEXES' });
    expect(response.ConsumedCapacity).toEqual({
      TableName: 'overhead',
      CapacityUnits: 4,
      Table: { CapacityUnits: 1 },
      GlobalSecondaryIndexes: { gsi: { CapacityUnits: 1 } },
      LocalSecondaryIndexes: { lsi: { CapacityUnits: 2 } },
    });
  });

  it('charges the larger of the item before and after, rounded up per KB', () => {
    put({ big: { S: 'x'.repeat(3000) } });
    const update = engine.handle('UpdateItem', {
      TableName: 'cap',
      Key: key,
      UpdateExpression: 'REMOVE big',
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(update.ConsumedCapacity).toEqual({ TableName: 'cap', CapacityUnits: 3 });
    const deletion = engine.handle('DeleteItem', { TableName: 'cap', Key: key, ReturnConsumedCapacity: 'TOTAL' });
    expect(deletion.ConsumedCapacity).toEqual({ TableName: 'cap', CapacityUnits: 1 });
  });

  it('halves eventually consistent reads and rounds each read to 4 KB', () => {
    put({ big: { S: 'x'.repeat(5000) } });
    const read = (consistent: boolean, mode: string) =>
      engine.handle('GetItem', { TableName: 'cap', Key: key, ConsistentRead: consistent, ReturnConsumedCapacity: mode })
        .ConsumedCapacity;
    expect(read(false, 'TOTAL')).toEqual({ TableName: 'cap', CapacityUnits: 1 });
    expect(read(true, 'INDEXES')).toEqual({ TableName: 'cap', CapacityUnits: 2, Table: { CapacityUnits: 2 } });
    const missing = engine.handle('GetItem', {
      TableName: 'cap',
      Key: { pk: { S: 'z' }, sk: { N: '0' } },
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(missing.ConsumedCapacity).toEqual({ TableName: 'cap', CapacityUnits: 0.5 });
  });

  it('leaves ConsumedCapacity out unless asked', () => {
    expect(engine.handle('PutItem', { TableName: 'cap', Item: key })).toEqual({});
    expect(engine.handle('PutItem', { TableName: 'cap', Item: key, ReturnConsumedCapacity: 'NONE' })).toEqual({});
  });

  it('reports the item collection of a table with a local index', () => {
    const response = engine.handle('PutItem', { TableName: 'cap', Item: key, ReturnItemCollectionMetrics: 'SIZE' });
    expect(response).toEqual({
      ItemCollectionMetrics: { ItemCollectionKey: { pk: { S: 'a' } }, SizeEstimateRangeGB: [0, 1] },
    });
  });

  it('reports no item collection for a table without local indexes', () => {
    createTestTable(engine, { name: 'plain' });
    const response = engine.handle('PutItem', {
      TableName: 'plain',
      Item: { pk: { S: 'a' } },
      ReturnItemCollectionMetrics: 'SIZE',
    });
    expect(response).toEqual({});
  });
});
