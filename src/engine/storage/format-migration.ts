import type * as Database from './sqlite-driver.js';
import type { Item } from '../values/attribute-value.js';
import { itemSize } from '../values/index.js';
import { STORAGE_FORMAT_VERSION, type Catalog } from './catalog.js';
import { segmentHash } from './segment-hash.js';
import { quoteIdentifier } from './sql-names.js';
import { createIndexTable, dropTable } from './table-schema.js';
import { TableStore } from './table-store.js';

/**
 * Brings a file written by an older version of the layout up to date, inside the
 * caller's `BEGIN IMMEDIATE` transaction (so one process migrates and the others wait).
 * Refuses a file from a newer version.
 */
export function migrateStorageFormat(database: Database.Database, catalog: Catalog): void {
  const format = catalog.formatVersion();
  if (format > STORAGE_FORMAT_VERSION || !Number.isInteger(format) || format < 1) {
    throw new Error(
      `the database has storage format version ${format}; this version of monotable reads version ${STORAGE_FORMAT_VERSION}`,
    );
  }
  // The `size` columns come first: the statements of a TableStore (used to rebuild
  // indexes for version 2) write them.
  if (format < 3) addSizeColumns(database, catalog);
  if (format === 1) migrateToVersion2(database, catalog);
  if (format < 3) computeSizes(database, catalog);
  if (format === 2 || format === 3) rebuildGlobalIndexes(database, catalog);
  if (format !== STORAGE_FORMAT_VERSION) catalog.setFormatVersion(STORAGE_FORMAT_VERSION);
}

/**
 * Version 2 hashes partition keys with SHA-1 (`seg`) and orders index entries with equal
 * keys by `tie`: recompute `seg` of every item and rebuild every index table.
 */
function migrateToVersion2(database: Database.Database, catalog: Catalog): void {
  for (const entry of catalog.readAll().values()) {
    const { definition } = entry;
    const table = quoteIdentifier(entry.sqlName);
    const rows = database.prepare(`SELECT rowid, data FROM ${table}`).raw().all() as [number, string][];
    const update = database.prepare(`UPDATE ${table} SET seg = ? WHERE rowid = ?`);
    for (const [rowid, data] of rows) {
      const item = JSON.parse(data) as Item;
      update.run(segmentHash(item[definition.partitionKey.name]), rowid);
    }
    const indexes = [...definition.globalIndexes, ...definition.localIndexes];
    for (const index of indexes) {
      const sqlName = entry.indexTables[index.name];
      dropTable(database, sqlName);
      createIndexTable(database, sqlName, definition, index);
    }
    const store = new TableStore(database, entry);
    for (const index of indexes) store.backfillIndex(index.name);
  }
}

/**
 * Version 4 orders entries of a GSI keyed on a table key attribute by the hash of the
 * other table key attribute: rebuild the GSI tables so that `tie` follows the new rule
 * (a start key is positioned with it, so stale values would skip or repeat items).
 */
function rebuildGlobalIndexes(database: Database.Database, catalog: Catalog): void {
  for (const entry of catalog.readAll().values()) {
    const { definition } = entry;
    if (definition.globalIndexes.length === 0) continue;
    for (const index of definition.globalIndexes) {
      const sqlName = entry.indexTables[index.name];
      dropTable(database, sqlName);
      createIndexTable(database, sqlName, definition, index);
    }
    const store = new TableStore(database, entry);
    for (const index of definition.globalIndexes) store.backfillIndex(index.name);
  }
}

/** Every SQLite table behind the catalog's tables: item tables and index tables. */
function storedTables(catalog: Catalog): string[] {
  return [...catalog.readAll().values()].flatMap((entry) => [entry.sqlName, ...Object.values(entry.indexTables)]);
}

/** Version 3 stores each row's DynamoDB size (for TableSizeBytes / IndexSizeBytes) in `size`. */
function addSizeColumns(database: Database.Database, catalog: Catalog): void {
  for (const sqlName of storedTables(catalog)) {
    const table = quoteIdentifier(sqlName);
    const columns = database.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(sqlName) as string[];
    if (!columns.includes('size')) database.exec(`ALTER TABLE ${table} ADD COLUMN size INTEGER NOT NULL DEFAULT 0`);
  }
}

function computeSizes(database: Database.Database, catalog: Catalog): void {
  for (const sqlName of storedTables(catalog)) {
    const table = quoteIdentifier(sqlName);
    const rows = database.prepare(`SELECT rowid, data FROM ${table}`).raw().all() as [number, string][];
    const update = database.prepare(`UPDATE ${table} SET size = ? WHERE rowid = ?`);
    for (const [rowid, data] of rows) update.run(itemSize(JSON.parse(data) as Item), rowid);
  }
}
