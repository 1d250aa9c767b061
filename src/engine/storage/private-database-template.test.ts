import { describe, expect, it } from 'vitest';
import { createCatalogTables, STORAGE_FORMAT_VERSION } from './catalog.js';
import { openSqliteDatabase } from './open-sqlite-database.js';
import { openTemplateCopy as openPrivateDatabase } from './private-database-template.js';
import { PRIVATE_TABLE_SLOTS, createTableSlots } from './private-table-slots.js';
import { createStreamTables } from './stream-tables.js';

const schemaOf = (database: ReturnType<typeof openSqliteDatabase>) =>
  database.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name').all();

describe('the private database template', () => {
  it('gives the schema and format a database gets from the DDL itself', () => {
    const made = openSqliteDatabase(':memory:');
    createCatalogTables(made);
    createStreamTables(made);
    createTableSlots(made, PRIVATE_TABLE_SLOTS);
    const copy = openPrivateDatabase();
    expect(schemaOf(copy)).toEqual(schemaOf(made));
    expect(copy.prepare('SELECT key, value FROM monotable_meta ORDER BY key').all()).toEqual([
      { key: 'catalog_version', value: '0' },
      { key: 'format_version', value: String(STORAGE_FORMAT_VERSION) },
    ]);
    expect(copy.memory).toBe(true);
    made.close();
    copy.close();
  });

  it('gives each database a copy of its own', () => {
    const first = openPrivateDatabase();
    first.exec(`CREATE TABLE only_here (x); INSERT INTO monotable_meta (key, value) VALUES ('mark', 'first')`);
    const second = openPrivateDatabase();
    expect(second.prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE name = 'only_here'`).get()).toEqual({ n: 0 });
    expect(second.prepare(`SELECT value FROM monotable_meta WHERE key = 'mark'`).get()).toBeUndefined();
    first.close();
    second.close();
  });
});
