import type * as Database from './sqlite-driver.js';
import { createCatalogTables } from './catalog.js';
import { openSqliteDatabase } from './open-sqlite-database.js';
import { PrivateSqlNames } from './private-sql-names.js';
import { PRIVATE_TABLE_SLOTS, createTableSlots } from './private-table-slots.js';
import { quoteIdentifier } from './sql-names.js';
import { createStreamTables } from './stream-tables.js';

/**
 * A private in-memory database starts as a copy of one made once per process: the
 * catalog tables (the current format recorded), the stream tables, and empty SQLite
 * tables ready for the first tables created (private-table-slots.ts), made by the very
 * statements a file gets, then serialized. Opening a copy (better-sqlite3's
 * `new Database(buffer)`, which deserializes into memory of its own) gives every engine
 * the same empty database without running that DDL again (docs/performance.md).
 */
let template: Template | undefined;

export interface Template {
  readonly bytes: Buffer;
  /** The lower-case names of its SQLite objects (private-sql-names.ts). */
  readonly sqlNames: readonly string[];
  /** `PRAGMA schema_version` of the template: a copy still at it has had no DDL run. */
  readonly schemaVersion: number;
  /** `PRAGMA page_count` of the template. */
  readonly pageCount: number;
  /**
   * A query whose one value describes the content of every table of the template (row
   * counts, the meta rows), and its value on the template: a copy that gives the same
   * value holds nothing an engine wrote.
   */
  readonly contentQuery: string;
  readonly content: string;
}

/** The template, made on first use. */
export function privateDatabaseTemplate(): Template {
  template ??= buildTemplate();
  return template;
}

/** A new private in-memory database, empty but for the engine's own tables and the table slots. */
export function openTemplateCopy(): Database.Database {
  return openSqliteDatabase(privateDatabaseTemplate().bytes);
}

/** The SQLite names of a copy of the template, as it was opened. */
export function privateDatabaseSqlNames(): PrivateSqlNames {
  return new PrivateSqlNames(privateDatabaseTemplate().sqlNames);
}

function buildTemplate(): Template {
  const database = openSqliteDatabase(':memory:');
  try {
    createCatalogTables(database);
    createStreamTables(database);
    createTableSlots(database, PRIVATE_TABLE_SLOTS);
    const sqlNames = database.prepare<[], string>('SELECT lower(name) FROM sqlite_schema').pluck().all();
    const tables = database
      .prepare<[], string>(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
      .pluck()
      .all();
    const counts = tables.map((name) => `(SELECT count(*) FROM ${quoteIdentifier(name)})`);
    const meta = `(SELECT group_concat(key || '=' || value, ';') FROM (SELECT key, value FROM monotable_meta ORDER BY key))`;
    const contentQuery = `SELECT json_array(${[...counts, meta].join(', ')})`;
    const content = database.prepare<[], string>(contentQuery).pluck().get() as string;
    const schemaVersion = database.pragma('schema_version', { simple: true }) as number;
    const pageCount = database.pragma('page_count', { simple: true }) as number;
    return { bytes: database.serialize(), sqlNames, schemaVersion, pageCount, contentQuery, content };
  } finally {
    database.close();
  }
}
