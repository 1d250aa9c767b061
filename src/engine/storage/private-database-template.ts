import type Database from 'better-sqlite3';
import { createCatalogTables } from './catalog.js';
import { openSqliteDatabase } from './open-sqlite-database.js';
import { PrivateSqlNames } from './private-sql-names.js';
import { createStreamTables } from './stream-tables.js';

/**
 * A private in-memory database starts as a copy of one made once per process: the
 * catalog tables (the current format recorded) and the stream tables, made by the very
 * statements a file gets, then serialized. Opening a copy (better-sqlite3's
 * `new Database(buffer)`, which deserializes into memory of its own) gives every engine
 * the same empty database without running that DDL again (docs/performance.md).
 */
let template: Template | undefined;

interface Template {
  readonly bytes: Buffer;
  /** The lower-case names of its SQLite objects (private-sql-names.ts). */
  readonly sqlNames: readonly string[];
}

/** A new private in-memory database, empty but for the engine's own tables. */
export function openPrivateDatabase(): Database.Database {
  template ??= buildTemplate();
  return openSqliteDatabase(template.bytes);
}

/** The SQLite names of a database {@link openPrivateDatabase} opened, as it was opened. */
export function privateDatabaseSqlNames(): PrivateSqlNames {
  template ??= buildTemplate();
  return new PrivateSqlNames(template.sqlNames);
}

function buildTemplate(): Template {
  const database = openSqliteDatabase(':memory:');
  try {
    createCatalogTables(database);
    createStreamTables(database);
    const sqlNames = database.prepare<[], string>('SELECT lower(name) FROM sqlite_schema').pluck().all();
    return { bytes: database.serialize(), sqlNames };
  } finally {
    database.close();
  }
}
