import type Database from 'better-sqlite3';
import { createCatalogTables } from './catalog.js';
import { openSqliteDatabase } from './open-sqlite-database.js';
import { createStreamTables } from './stream-tables.js';

/**
 * A private in-memory database starts as a copy of one made once per process: the
 * catalog tables (the current format recorded) and the stream tables, made by the very
 * statements a file gets, then serialized. Opening a copy (better-sqlite3's
 * `new Database(buffer)`, which deserializes into memory of its own) gives every engine
 * the same empty database without running that DDL again (docs/performance.md).
 */
let template: Buffer | undefined;

/** A new private in-memory database, empty but for the engine's own tables. */
export function openPrivateDatabase(): Database.Database {
  template ??= buildTemplate();
  return openSqliteDatabase(template);
}

function buildTemplate(): Buffer {
  const database = openSqliteDatabase(':memory:');
  try {
    createCatalogTables(database);
    createStreamTables(database);
    return database.serialize();
  } finally {
    database.close();
  }
}
