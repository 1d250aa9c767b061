import type * as Database from './sqlite-driver.js';
import { resourceNotFound } from '../errors.js';
import type { BackfillProgress } from './backfill-progress.js';
import type { Catalog, CatalogEntry } from './catalog.js';
import type { PrivateSqlNames } from './private-sql-names.js';
import type { PrivateTableSlots } from './private-table-slots.js';
import { freeSqlName, indexTableBaseName, quoteIdentifier } from './sql-names.js';
import type { IndexDefinition, TableBackfills, StoredTableDefinition } from './storage.js';
import type { StreamLog } from './stream-log.js';
import type { TableStore } from './table-store.js';
import { FIRST_BACKFILL_SLICE_LIMITS, type SliceLimits } from './slice-limits.js';
import { createIndexTable, createItemTable, createTtlIndex, dropTable, type ScanIndexes } from './table-schema.js';

/**
 * What creating, updating and deleting tables, and running the backfills an update starts,
 * work on: the SQLite storage's catalog and its cache of entries and stores (sqlite-storage.ts).
 */
export interface TableLifecycleStorage {
  readonly database: Database.Database;
  readonly catalog: Catalog;
  readonly entries: Map<string, CatalogEntry>;
  readonly stores: Map<string, TableStore>;
  readonly undropped: string[];
  readonly isPrivate: boolean;
  readonly privateSqlNames: PrivateSqlNames | undefined;
  /** The table slots of a private database not taken yet (private-table-slots.ts). */
  readonly slots: PrivateTableSlots | undefined;
  seenCatalogVersion: string;
  readonly streams: StreamLog;
  readonly now: () => number;
  refreshCatalog(): void;
  refreshCatalogForLookup(): void;
  saveEntry(entry: CatalogEntry): void;
  store(name: string): TableStore;
  writeTransaction<T>(work: () => T): T;
}

function indexTableName(storage: TableLifecycleStorage, sqlName: string, indexName: string): string {
  return freeSqlName(indexTableBaseName(sqlName, indexName), sqlNameTaken(storage));
}

/** Whether an SQLite object of a (lower-case) name exists: kept in JavaScript for a private database. */
function sqlNameTaken(storage: TableLifecycleStorage): (lowerCaseName: string) => boolean {
  const names = storage.privateSqlNames;
  return names ? (name) => names.has(name) : (name) => storage.catalog.isSqlNameTaken(name);
}

/** Runs `work`, whose table creations and drops the private database's name list (and slots) follow. */
function changingSqlNames<T>(storage: TableLifecycleStorage, work: () => T): T {
  const { privateSqlNames, slots } = storage;
  const tracked = slots ? () => slots.change(work) : work;
  return privateSqlNames ? privateSqlNames.change(tracked) : tracked();
}

function createTableOf(storage: TableLifecycleStorage, ...args: Parameters<typeof createItemTable>): void {
  createItemTable(...args);
  storage.privateSqlNames?.added(args[1]);
}

function createIndexTableOf(storage: TableLifecycleStorage, ...args: Parameters<typeof createIndexTable>): void {
  createIndexTable(...args);
  storage.privateSqlNames?.added(args[1]);
}

/** The SQLite name of a new table's item table: a free table slot that fits, else a table created for it. */
function newItemTable(storage: TableLifecycleStorage, definition: StoredTableDefinition): string {
  const { partitionKey, sortKey } = definition;
  const slot = storage.slots?.takeItemTable(partitionKey, sortKey);
  if (slot !== undefined) return slot;
  const sqlName = freeSqlName(definition.name, sqlNameTaken(storage));
  createTableOf(storage, storage.database, sqlName, partitionKey, sortKey, scanIndexes(storage));
  return sqlName;
}

/** The SQLite name of a new index's table: a free table slot that fits, else a table created for it. */
function newIndexTable(
  storage: TableLifecycleStorage,
  tableSqlName: string,
  definition: StoredTableDefinition,
  index: IndexDefinition,
): string {
  const slot = storage.slots?.takeIndexTable(definition, index);
  if (slot !== undefined) return slot;
  const sqlName = indexTableName(storage, tableSqlName, index.name);
  createIndexTableOf(storage, storage.database, sqlName, definition, index, scanIndexes(storage));
  return sqlName;
}

function dropTableOf(storage: TableLifecycleStorage, sqlName: string): void {
  dropTable(storage.database, sqlName);
  storage.privateSqlNames?.dropped(sqlName);
}

/**
 * When a table's scan-only indexes are made: with the table in a file (which other
 * connections read too), on its first scan in memory (TableReads.scanItems).
 */
function scanIndexes(storage: TableLifecycleStorage): ScanIndexes {
  return storage.database.memory ? 'on first scan' : 'now';
}

/**
 * Drops the SQLite tables of the private database's deleted tables (see deleteTable),
 * never one the catalog names. Kept for the next attempt if a drop fails.
 */
function dropUndropped(storage: TableLifecycleStorage): void {
  if (storage.undropped.length === 0) return;
  const named = new Set<string>();
  for (const entry of storage.entries.values())
    for (const sqlName of [entry.sqlName, ...Object.values(entry.indexTables)]) named.add(sqlName);
  changingSqlNames(storage, () =>
    storage.writeTransaction(() => {
      for (const sqlName of storage.undropped) if (!named.has(sqlName)) dropTableOf(storage, sqlName);
    }),
  );
  storage.undropped.length = 0;
}

export function createTable(storage: TableLifecycleStorage, definition: StoredTableDefinition): void {
  dropUndropped(storage);
  changingSqlNames(storage, () =>
    storage.writeTransaction(() => {
      storage.refreshCatalog();
      if (storage.entries.has(definition.name)) throw new Error(`table ${definition.name} already exists`);
      const sqlName = newItemTable(storage, definition);
      const indexTables: Record<string, string> = {};
      for (const index of [...definition.globalIndexes, ...definition.localIndexes]) {
        indexTables[index.name] = newIndexTable(storage, sqlName, definition, index);
      }
      storage.saveEntry({ definition, sqlName, indexTables });
    }),
  );
}

export function updateTable(
  storage: TableLifecycleStorage,
  backfillProgress: BackfillProgress,
  definition: StoredTableDefinition,
): void {
  changingSqlNames(storage, () => updateTableInTransaction(storage, backfillProgress, definition));
}

function updateTableInTransaction(
  storage: TableLifecycleStorage,
  backfillProgress: BackfillProgress,
  definition: StoredTableDefinition,
): void {
  storage.writeTransaction(() => {
    storage.refreshCatalog();
    const previous = storage.entries.get(definition.name);
    if (previous === undefined) throw resourceNotFound();
    const indexes = [...definition.globalIndexes, ...definition.localIndexes];
    const indexTables: Record<string, string> = {};
    let added: string | undefined;
    for (const index of indexes) {
      const existing = previous.indexTables[index.name];
      if (existing !== undefined) {
        indexTables[index.name] = existing;
      } else {
        indexTables[index.name] = newIndexTable(storage, previous.sqlName, definition, index);
        added = index.name;
      }
    }
    for (const [name, sqlName] of Object.entries(previous.indexTables)) {
      if (!(name in indexTables)) dropTableOf(storage, sqlName);
    }
    const ttlBefore = previous.definition.timeToLive;
    const ttlAfter = definition.timeToLive;
    const ttlChanged =
      Boolean(ttlBefore?.enabled) !== Boolean(ttlAfter?.enabled) ||
      (ttlAfter?.enabled === true && ttlBefore?.attributeName !== ttlAfter.attributeName);
    // Backfills are the storage's own bookkeeping: carried over from the stored entry.
    const before = previous.definition.backfills ?? {};
    const globalIndex =
      added ?? (before.globalIndex !== undefined && before.globalIndex in indexTables ? before.globalIndex : undefined);
    const backfills = backfillsOrNone({ globalIndex, timeToLive: before.timeToLive || ttlChanged });
    const { backfills: _ignored, ...rest } = definition;
    storage.saveEntry({
      definition: backfills ? { ...rest, backfills } : rest,
      sqlName: previous.sqlName,
      indexTables,
    });
    if (globalIndex !== before.globalIndex) backfillProgress.clear(definition.name, 'index');
    if (ttlChanged) {
      // Restarted from the first row: rows already done were done for the old setting.
      backfillProgress.clear(definition.name, 'ttl');
      if (ttlAfter?.enabled) createTtlIndex(storage.database, previous.sqlName);
    }
    // A small table is done in this first slice: its index is ACTIVE at once.
    if (backfills) backfillSliceOf(storage, backfillProgress, definition.name, FIRST_BACKFILL_SLICE_LIMITS);
  });
}

export function backfillSlice(
  storage: TableLifecycleStorage,
  backfillProgress: BackfillProgress,
  limits: SliceLimits,
): boolean {
  return storage.writeTransaction(() => {
    storage.refreshCatalog();
    const pending = [...storage.entries.values()].find((entry) => entry.definition.backfills !== undefined);
    if (pending) backfillSliceOf(storage, backfillProgress, pending.definition.name, limits);
    return [...storage.entries.values()].some((entry) => entry.definition.backfills !== undefined);
  });
}

export function hasPendingBackfills(storage: TableLifecycleStorage): boolean {
  storage.refreshCatalogForLookup();
  for (const entry of storage.entries.values()) if (entry.definition.backfills !== undefined) return true;
  return false;
}

/** One slice of the table's pending backfills (the GSI first), inside the caller's write transaction. */
function backfillSliceOf(
  storage: TableLifecycleStorage,
  backfillProgress: BackfillProgress,
  name: string,
  limits: SliceLimits,
): void {
  const entry = storage.entries.get(name);
  const backfills = entry?.definition.backfills;
  if (entry === undefined || backfills === undefined) return;
  const store = storage.store(name);
  const work = backfills.globalIndex !== undefined ? 'index' : 'ttl';
  const after = backfillProgress.position(name, work);
  const progress =
    backfills.globalIndex !== undefined
      ? store.backfillIndexSlice(backfills.globalIndex, after, limits)
      : store.refreshTtlColumnSlice(after, limits);
  if (!progress.finished) {
    backfillProgress.record(name, work, progress.lastRowid);
    return;
  }
  backfillProgress.clear(name, work);
  const remaining = backfillsOrNone(
    work === 'index' ? { timeToLive: backfills.timeToLive } : { globalIndex: backfills.globalIndex },
  );
  const { backfills: _done, ...rest } = entry.definition;
  storage.saveEntry({ ...entry, definition: remaining ? { ...rest, backfills: remaining } : rest });
}

export function deleteTable(storage: TableLifecycleStorage, backfillProgress: BackfillProgress, name: string): void {
  changingSqlNames(storage, () => deleteTableInTransaction(storage, backfillProgress, name));
}

function deleteTableInTransaction(
  storage: TableLifecycleStorage,
  backfillProgress: BackfillProgress,
  name: string,
): void {
  storage.writeTransaction(() => {
    storage.refreshCatalog();
    const entry = storage.entries.get(name);
    if (entry === undefined) throw resourceNotFound();
    // The stream outlives its table, readable as DISABLED for its retention.
    if (entry.definition.stream) storage.streams.disableStream(entry.definition.stream.id, storage.now());
    const sqlNames = [...Object.values(entry.indexTables), entry.sqlName];
    if (!storage.isPrivate) for (const sqlName of sqlNames) dropTable(storage.database, sqlName);
    if (entry.definition.backfills) {
      backfillProgress.clear(name, 'index');
      backfillProgress.clear(name, 'ttl');
    }
    storage.catalog.delete(name);
    if (!storage.isPrivate) storage.seenCatalogVersion = storage.catalog.version();
    storage.entries.delete(name);
    storage.stores.delete(name);
    // Nothing but the catalog leads to a private database's tables, and the database is
    // discarded (or rolled back) when the engine closes: table slots are emptied for the next
    // table, other tables dropped before the next table is created.
    if (storage.isPrivate) {
      const slots = storage.slots?.reusable(sqlNames) ?? [];
      for (const slot of slots) storage.database.prepare(`DELETE FROM ${quoteIdentifier(slot)}`).run();
      storage.slots?.giveBack(slots);
      storage.undropped.push(...sqlNames.filter((sqlName) => !slots.includes(sqlName)));
    }
  });
}

/** The backfills still to run, or `undefined` when none is. */
function backfillsOrNone(backfills: TableBackfills): TableBackfills | undefined {
  const pending: { globalIndex?: string; timeToLive?: boolean } = {};
  if (backfills.globalIndex !== undefined) pending.globalIndex = backfills.globalIndex;
  if (backfills.timeToLive) pending.timeToLive = true;
  return pending.globalIndex === undefined && !pending.timeToLive ? undefined : pending;
}
