import { describe, expect, it } from 'vitest';
import { consumedCapacity } from './consumed-capacity.js';

describe('consumedCapacity', () => {
  it('is absent for NONE or when not asked', () => {
    expect(consumedCapacity('NONE', 't', { table: { read: 1 } })).toBeUndefined();
    expect(consumedCapacity(undefined, 't', { table: { read: 1 } })).toBeUndefined();
  });

  it('reports only the table name and the sum in TOTAL mode (batch/return-consumed-capacity)', () => {
    expect(consumedCapacity('TOTAL', 't', { table: { write: 2 } })).toEqual({ TableName: 't', CapacityUnits: 2 });
    expect(consumedCapacity('TOTAL', 't', { table: { read: 0.5 }, globalIndexes: { g: { write: 1 } } })).toEqual({
      TableName: 't',
      CapacityUnits: 1.5,
    });
  });

  it('reports the table in INDEXES mode even without indexes', () => {
    expect(consumedCapacity('INDEXES', 't', { table: { read: 0.5 } })).toEqual({
      TableName: 't',
      CapacityUnits: 0.5,
      Table: { CapacityUnits: 0.5 },
    });
  });

  it('reports the table at zero when only an index was queried', () => {
    expect(consumedCapacity('INDEXES', 't', { table: {}, globalIndexes: { gsi: { read: 0.5 } } })).toEqual({
      TableName: 't',
      CapacityUnits: 0.5,
      Table: { CapacityUnits: 0 },
      GlobalSecondaryIndexes: { gsi: { CapacityUnits: 0.5 } },
    });
    expect(consumedCapacity('INDEXES', 't', { table: { read: 0 }, localIndexes: { lsi: { read: 1 } } })).toEqual({
      TableName: 't',
      CapacityUnits: 1,
      Table: { CapacityUnits: 0 },
      LocalSecondaryIndexes: { lsi: { CapacityUnits: 1 } },
    });
  });

  it('reports every written index and sums them into CapacityUnits', () => {
    expect(
      consumedCapacity('INDEXES', 't', {
        table: { write: 1 },
        localIndexes: { lsi: { write: 1 } },
        globalIndexes: { gsi: { write: 2 } },
      }),
    ).toEqual({
      TableName: 't',
      CapacityUnits: 4,
      Table: { CapacityUnits: 1 },
      LocalSecondaryIndexes: { lsi: { CapacityUnits: 1 } },
      GlobalSecondaryIndexes: { gsi: { CapacityUnits: 2 } },
    });
  });

  it('adds the read/write split for transactions (transact/return-consumed-capacity)', () => {
    expect(consumedCapacity('TOTAL', 't', { table: { write: 4 }, transactional: true })).toEqual({
      TableName: 't',
      CapacityUnits: 4,
      WriteCapacityUnits: 4,
    });
    expect(consumedCapacity('TOTAL', 't', { table: { read: 2 }, transactional: true })).toEqual({
      TableName: 't',
      CapacityUnits: 2,
      ReadCapacityUnits: 2,
    });
  });

  it('repeats the write split per table and index for transactional writes in INDEXES mode', () => {
    expect(
      consumedCapacity('INDEXES', 't', {
        table: { write: 4 },
        globalIndexes: { g: { write: 4 } },
        transactional: true,
      }),
    ).toEqual({
      TableName: 't',
      CapacityUnits: 8,
      WriteCapacityUnits: 8,
      Table: { CapacityUnits: 4, WriteCapacityUnits: 4 },
      GlobalSecondaryIndexes: { g: { CapacityUnits: 4, WriteCapacityUnits: 4 } },
    });
    expect(consumedCapacity('INDEXES', 't', { table: { read: 2 }, transactional: true })).toEqual({
      TableName: 't',
      CapacityUnits: 2,
      ReadCapacityUnits: 2,
      Table: { CapacityUnits: 2 },
    });
  });

  it('repeats the read split on the table part of a TransactWriteItems (a replay), not of a TransactGetItems', () => {
    expect(consumedCapacity('INDEXES', 't', { table: { read: 2 }, transactional: 'write' })).toEqual({
      TableName: 't',
      CapacityUnits: 2,
      ReadCapacityUnits: 2,
      Table: { CapacityUnits: 2, ReadCapacityUnits: 2 },
    });
    expect(consumedCapacity('INDEXES', 't', { table: { read: 2 }, transactional: true })).toEqual({
      TableName: 't',
      CapacityUnits: 2,
      ReadCapacityUnits: 2,
      Table: { CapacityUnits: 2 },
    });
  });
});
