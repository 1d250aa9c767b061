import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';
import { temporaryFile } from './storage.test-support.js';

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
  const database = (engine as unknown as { context: { storage: { database: Database.Database } } }).context.storage
    .database;
  return database
    .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'jobs%' ORDER BY name`)
    .pluck()
    .all() as string[];
}

function fillAndDelete(engine: Engine): void {
  engine.handle('CreateTable', table);
  engine.handle('PutItem', { TableName: 'jobs', Item: { pk: { S: 'a' }, g: { S: 'x' } } });
  engine.handle('DeleteTable', { TableName: 'jobs' });
}

describe('the SQLite tables of a deleted table', () => {
  it('in memory, stay until the next CreateTable, which finds none of their items', () => {
    const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    try {
      fillAndDelete(engine);
      expect(sqliteTables(engine)).toEqual(['jobs', 'jobs#byG']);
      expect(engine.handle('ListTables', {})).toEqual({ TableNames: [] });
      expect(() => engine.handle('Scan', { TableName: 'jobs' })).toThrow('Requested resource not found');
      engine.handle('CreateTable', { ...table, TableName: 'other' });
      expect(sqliteTables(engine)).toEqual([]);
      engine.handle('CreateTable', table);
      expect(engine.handle('Scan', { TableName: 'jobs' })).toMatchObject({ Count: 0 });
      expect(engine.handle('Scan', { TableName: 'jobs', IndexName: 'byG' })).toMatchObject({ Count: 0 });
      // Deleted and created again at once: the same SQLite names, empty.
      engine.handle('DeleteTable', { TableName: 'jobs' });
      fillAndDelete(engine);
      engine.handle('CreateTable', table);
      expect(sqliteTables(engine)).toEqual(['jobs', 'jobs#byG']);
      expect(
        engine.handle('Query', {
          TableName: 'jobs',
          KeyConditionExpression: 'pk = :a',
          ExpressionAttributeValues: { ':a': { S: 'a' } },
        }),
      ).toMatchObject({ Count: 0 });
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
