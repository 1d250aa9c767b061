import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreationTimes, creationTime } from './creation-time.js';
import { createTable, memoryStorage, s, sqlTablesOf, tableDefinition, databaseOf } from './storage.test-support.js';

/*
 * Item rows get `created_at` from JavaScript instead of the column's SQLite default
 * (`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`); the text must be the one SQLite writes.
 */

describe('creationTime', () => {
  it('writes any instant as SQLite’s default for created_at writes it', () => {
    const database = new Database(':memory:');
    try {
      const sqlite = database
        .prepare<[number], string>(`SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ? / 1000.0, 'unixepoch')`)
        .pluck();
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (milliseconds) => {
          expect(creationTime(milliseconds)).toBe(sqlite.get(milliseconds));
        }),
        { numRuns: 2000 },
      );
    } finally {
      database.close();
    }
  });

  it('formats again when the millisecond changes', () => {
    expect(creationTime(1_000)).toBe('1970-01-01T00:00:01.000Z');
    expect(creationTime(1_000)).toBe('1970-01-01T00:00:01.000Z');
    expect(creationTime(1_001)).toBe('1970-01-01T00:00:01.001Z');
  });

  it('formats once per millisecond for a run of inserts, the text of the millisecond at hand', () => {
    const times = new CreationTimes();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 20 }), (offsets) => {
        for (const offset of offsets) expect(times.textAt(1_000 + offset)).toBe(creationTime(1_000 + offset));
      }),
    );
  });

  it('is the insertion time of a stored item', () => {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t', { name: 'pk', type: 'S' }));
    const before = new Date().toISOString();
    storage.putItem(table, { pk: s('a') });
    const after = new Date().toISOString();
    const createdAt = databaseOf(storage)
      .prepare(`SELECT created_at FROM "${sqlTablesOf(databaseOf(storage), 't').table}"`)
      .pluck()
      .get() as string;
    expect(createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(createdAt >= before && createdAt <= after).toBe(true);
  });
});
