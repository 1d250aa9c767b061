import { describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';
import { databaseOfEngine, sqlTablesOf, temporaryFile } from './storage.test-support.js';

const table = {
  TableName: 'jobs',
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: ['pk', 'g'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  GlobalSecondaryIndexes: [
    { IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
  ],
};

function sqliteTables(engine: Engine): string[] {
  return databaseOfEngine(engine)
    .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'jobs%' ORDER BY name`)
    .pluck()
    .all() as string[];
}

/** A table whose keys are binary: outside the table slots (private-table-slots.ts), so it gets SQLite tables of its own. */
const binaryTable = {
  ...table,
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'B' },
    { AttributeName: 'g', AttributeType: 'S' },
  ],
};

/** Creates `jobs` (by `definition`), puts one item with partition key `pk`, and deletes the table. */
function fillAndDelete(engine: Engine, definition: object = table, pk: object = { S: 'a' }): void {
  engine.handle('CreateTable', definition);
  engine.handle('PutItem', { TableName: 'jobs', Item: { pk, g: { S: 'x' } } });
  engine.handle('DeleteTable', { TableName: 'jobs' });
}

const fillBinaryTableAndDelete = (engine: Engine) => fillAndDelete(engine, binaryTable, { B: 'AQ==' });

const countOf = (answer: unknown) => (answer as { Count: number }).Count;

describe('the SQLite tables of a deleted table', () => {
  it('in memory, in table slots, are emptied and taken by the next table, which finds none of their items', () => {
    const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    try {
      engine.handle('CreateTable', table);
      const slots = sqlTablesOf(databaseOfEngine(engine), 'jobs');
      expect(slots.table.startsWith('~items~')).toBe(true);
      engine.handle('PutItem', { TableName: 'jobs', Item: { pk: { S: 'a' }, g: { S: 'x' } } });
      engine.handle('DeleteTable', { TableName: 'jobs' });
      expect(engine.handle('ListTables', {})).toEqual({ TableNames: [] });
      expect(() => engine.handle('Scan', { TableName: 'jobs' })).toThrow('Requested resource not found');
      engine.handle('CreateTable', { ...table, TableName: 'other' });
      expect(sqlTablesOf(databaseOfEngine(engine), 'other')).toEqual(slots);
      expect(countOf(engine.handle('Scan', { TableName: 'other' }))).toBe(0);
      expect(countOf(engine.handle('Scan', { TableName: 'other', IndexName: 'byG' }))).toBe(0);
      // The same table made again takes the next free slots, and finds nothing either.
      fillAndDelete(engine);
      engine.handle('CreateTable', table);
      expect(countOf(engine.handle('Scan', { TableName: 'jobs' }))).toBe(0);
      expect(
        countOf(
          engine.handle('Query', {
            TableName: 'jobs',
            KeyConditionExpression: 'pk = :a',
            ExpressionAttributeValues: { ':a': { S: 'a' } },
          }),
        ),
      ).toBe(0);
    } finally {
      engine.close();
    }
  });

  it('in memory, outside the slots, stay until the next CreateTable, which finds none of their items', () => {
    const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    try {
      fillBinaryTableAndDelete(engine);
      expect(sqliteTables(engine)).toEqual(['jobs', 'jobs#byG']);
      expect(engine.handle('ListTables', {})).toEqual({ TableNames: [] });
      expect(() => engine.handle('Scan', { TableName: 'jobs' })).toThrow('Requested resource not found');
      engine.handle('CreateTable', { ...binaryTable, TableName: 'other' });
      expect(sqliteTables(engine)).toEqual([]);
      engine.handle('CreateTable', binaryTable);
      expect(countOf(engine.handle('Scan', { TableName: 'jobs' }))).toBe(0);
      expect(countOf(engine.handle('Scan', { TableName: 'jobs', IndexName: 'byG' }))).toBe(0);
      // Deleted and created again at once: the same SQLite names, empty.
      engine.handle('DeleteTable', { TableName: 'jobs' });
      fillBinaryTableAndDelete(engine);
      engine.handle('CreateTable', binaryTable);
      expect(sqliteTables(engine)).toEqual(['jobs', 'jobs#byG']);
      expect(
        countOf(
          engine.handle('Query', {
            TableName: 'jobs',
            KeyConditionExpression: 'pk = :a',
            ExpressionAttributeValues: { ':a': { B: 'AQ==' } },
          }),
        ),
      ).toBe(0);
    } finally {
      engine.close();
    }
  });

  it('in a file, are dropped by DeleteTable', () => {
    const engine = new Engine({ path: temporaryFile(), ttlReapIntervalMs: 0 });
    try {
      fillAndDelete(engine);
      expect(sqliteTables(engine)).toEqual([]);
    } finally {
      engine.close();
    }
  });
});
