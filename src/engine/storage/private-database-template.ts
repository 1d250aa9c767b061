import type Database from 'better-sqlite3';
import { createCatalogTables } from './catalog.js';
import { openSqliteDatabase } from './open-sqlite-database.js';
import { PrivateSqlNames } from './private-sql-names.js';
import { createStreamTables } from './stream-tables.js';

/**
 * A private in-memory database starts as a copy of one made once per process: the
 * catalog tables (the current format recorded), made by the very statements a file gets,
 * then serialized. Opening a copy (better-sqlite3's `new Database(buffer)`, which
 * deserializes into memory of its own) gives every engine the same empty database without
 * running that DDL again (docs/performance.md). The stream tables are not in it: the
 * engine's first stream makes them (stream-log.ts), and a copy's first statement parses
 * every object of its schema, which was four more for an engine that never enables one.
 */
let template: Template | undefined;

interface Template {
  readonly bytes: Buffer;
  /**
   * The lower-case names of its SQLite objects and of those the stream tables add
   * (private-sql-names.ts): taken from the start, so that a table is named as it is in a
   * database that has its stream tables.
   */
  readonly sqlNames: readonly string[];
}

/** A new private in-memory database, empty but for the engine's own tables. */
export function openPrivateDatabase(): Database.Database {
  template ??= buildTemplate();
  return openSqliteDatabase(template.bytes);
}

/** The SQLite names of a database {@link openPrivateDatabase} opened, its stream tables' among them. */
export function privateDatabaseSqlNames(): PrivateSqlNames {
  template ??= buildTemplate();
  return new PrivateSqlNames(template.sqlNames);
}

function buildTemplate(): Template {
  const database = openSqliteDatabase(':memory:');
  try {
    createCatalogTables(database);
    const bytes = database.serialize();
    createStreamTables(database);
    const sqlNames = database.prepare<[], string>('SELECT lower(name) FROM sqlite_schema').pluck().all();
    return { bytes, sqlNames };
  } finally {
    database.close();
  }
}
