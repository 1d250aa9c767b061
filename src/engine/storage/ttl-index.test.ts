import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';
import { temporaryFile } from './storage.test-support.js';

const table = {
  TableName: 'sessions',
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
  BillingMode: 'PAY_PER_REQUEST',
};

function sqliteIndexes(path: string): string[] {
  const database = new Database(path, { readonly: true });
  try {
    return database
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'sessions' ORDER BY name`)
      .pluck()
      .all() as string[];
  } finally {
    database.close();
  }
}

describe('the TTL index of an item table', () => {
  it('is created when TTL is first enabled, and the reaper then finds expired items', () => {
    const path = temporaryFile();
    const engine = new Engine({ path, ttlReapIntervalMs: 0, now: () => 2_000_000 });
    try {
      engine.handle('CreateTable', table);
      engine.handle('PutItem', { TableName: 'sessions', Item: { pk: { S: 'old' }, expires: { N: '1000' } } });
      expect(sqliteIndexes(path)).not.toContain('sessions:ttl');
      engine.handle('UpdateTimeToLive', {
        TableName: 'sessions',
        TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' },
      });
      expect(sqliteIndexes(path)).toContain('sessions:ttl');
      expect(engine.reapExpiredItems()).toBe(1);
      engine.handle('UpdateTimeToLive', {
        TableName: 'sessions',
        TimeToLiveSpecification: { Enabled: false, AttributeName: 'expires' },
      });
      engine.handle('UpdateTimeToLive', {
        TableName: 'sessions',
        TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' },
      });
      expect(sqliteIndexes(path).filter((name) => name === 'sessions:ttl')).toHaveLength(1);
    } finally {
      engine.close();
    }
  });
});
