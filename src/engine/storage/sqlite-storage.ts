import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { resourceNotFound } from '../errors.js';
import type { Item } from '../values/attribute-value.js';
import { BackfillProgress } from './backfill-progress.js';
import { Catalog, createCatalogTables, type CatalogEntry } from './catalog.js';
import { migrateStorageFormat } from './format-migration.js';
import { openSqliteDatabase } from './open-sqlite-database.js';
import { openPrivateDatabase } from './private-database-template.js';
import { HeldTransaction } from './held-transaction.js';
import { freeSqlName, indexTableBaseName } from './sql-names.js';
import { itemSize } from '../values/index.js';
import type {
  DeleteHints,
  PutHints,
  RangeRequest,
  ScanRequest,
  Storage,
  TableBackfills,
  TableDefinition,
  TableStatistics,
  TableStream,
} from './storage.js';
import { StreamLog } from './stream-log.js';
import { createStreamTables } from './stream-tables.js';
import type { StoredRow } from './stored-row.js';
import { TableStore } from './table-store.js';
import { WriteTransactions } from './write-transactions.js';
import { BACKFILL_SLICE_LIMITS, type SliceLimits } from './slice-limits.js';
import { createIndexTable, createItemTable, createTtlIndex, dropTable, type ScanIndexes } from './table-schema.js';

/** Where the database lives: a file (shared safely by several processes) or private memory. */
export type SqliteStorageOptions = ({ readonly path: string } | { readonly inMemory: true }) & {
  /** The clock stream records are stamped with (epoch ms). Default `Date.now`. */
  readonly now?: () => number;
};

/** How long a connection waits for another process's write lock before failing (ms). */
const busyTimeoutMs = 10_000;

/**
 * Opens (creating if needed) the SQLite database that holds the engine's tables.
 *
 * Durability: WAL with `synchronous = NORMAL`. A commit is in the WAL file (in the OS
 * page cache) before the write is acknowledged, so acknowledged writes survive a crash or
 * SIGKILL of the process; only an OS crash or power loss can lose the latest commits
 * (`FULL` would fsync every commit, several times slower, for that case alone).
 *
 * @example
 * const storage = openSqliteStorage({ path: 'app.db' });
 */
export function openSqliteStorage(options: SqliteStorageOptions): Storage {
  if (!('path' in options)) {
    // No pragmas: a private in-memory database has no other connection to wait for and no
    // journal file to sync. It starts with the engine's own tables made (private-database-template.ts).
    return new SqliteStorage(openPrivateDatabase(), options.now ?? Date.now, true);
  }
  // A new file's folder is created too, so `sqlite:.monotable/app.db` works on a fresh clone.
  mkdirSync(dirname(resolve(options.path)), { recursive: true });
  // `timeout` is SQLite's busy timeout, set by better-sqlite3 without a statement.
  const database = openSqliteDatabase(options.path, { timeout: busyTimeoutMs });
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  return new SqliteStorage(database, options.now ?? Date.now);
}

class SqliteStorage implements Storage {
  private readonly catalog: Catalog;
  private entries = new Map<string, CatalogEntry>();
  private readonly stores = new Map<string, TableStore>();
  /** `PRAGMA data_version` of a file, prepared on first use (a private in-memory database needs none). */
  private dataVersion: Database.Statement<[], number> | undefined;
  private seenDataVersion = -1;
  private seenCatalogVersion = '';
  private readonly transactions: WriteTransactions;
  /** Nesting of `withinRequest`, and whether the current request's lookups checked the catalog. */
  private requestDepth = 0;
  private catalogCheckedInRequest = false;
  /** A private in-memory database's transaction held open across writes (held-transaction.ts). */
  private readonly held: HeldTransaction | undefined;
  /** Nesting of `writeTransaction` calls while the held transaction is in use. */
  private heldWriteDepth = 0;
  /**
   * SQLite tables of a private database's deleted tables, not dropped yet: the next
   * CreateTable drops them, and closing the engine discards them (a table made for one
   * test is deleted just before its engine closes).
   */
  private readonly undropped: string[] = [];
  /**
   * A private in-memory database: no other connection can open it, so its catalog can only
   * change through this storage, and it starts empty in the current format.
   */
  private readonly isPrivate: boolean;

  readonly streams: StreamLog;
  private readonly backfillProgress: BackfillProgress;

  constructor(
    readonly database: Database.Database,
    private readonly now: () => number,
    /** Whether `database` is a copy of the private template, its catalog and stream tables made. */
    fromTemplate = false,
  ) {
    this.isPrivate = database.memory;
    this.transactions = new WriteTransactions(database);
    this.backfillProgress = new BackfillProgress(database);
    if (this.isPrivate) {
      // Nothing to migrate or to read: the database was created a moment ago.
      if (!fromTemplate) {
        createCatalogTables(database);
        createStreamTables(database);
      }
      this.catalog = new Catalog(database, false);
      // The template (and the DDL above) made the stream tables; their statements are prepared on first use.
      this.streams = new StreamLog(database, now);
      this.held = new HeldTransaction(database);
      return;
    }
    this.catalog = this.transactions.run('immediate', () => {
      createCatalogTables(database);
      const catalog = new Catalog(database);
      migrateStorageFormat(database, catalog);
      createStreamTables(database);
      return catalog;
    });
    this.refreshCatalog();
    this.held = undefined;
    this.streams = new StreamLog(database, now);
  }

  /** Whether a write transaction of this storage is running (nested writes join it). */
  private inWriteTransaction(): boolean {
    return this.held ? this.heldWriteDepth > 0 : this.database.inTransaction;
  }

  /**
   * Reloads the catalog when another connection changed it. `data_version` moves on any
   * commit by another connection, so the catalog version is read only then.
   */
  private refreshCatalog(): void {
    if (this.isPrivate) return;
    this.dataVersion ??= this.database.prepare<[], number>('PRAGMA data_version').pluck();
    const dataVersion = this.dataVersion.get() as number;
    if (dataVersion === this.seenDataVersion) return;
    this.seenDataVersion = dataVersion;
    const catalogVersion = this.catalog.version();
    if (catalogVersion === this.seenCatalogVersion) return;
    this.seenCatalogVersion = catalogVersion;
    this.entries = this.catalog.readAll();
    this.stores.clear();
  }

  /**
   * Before a table lookup: the catalog check costs a statement, which on a file takes and
   * releases SQLite's read lock, so a request checks once (a BatchWriteItem looks its table
   * up for every item). A private in-memory database has no other connection to change it.
   */
  private refreshCatalogForLookup(): void {
    if (this.isPrivate) return;
    if (this.requestDepth > 0) {
      if (this.catalogCheckedInRequest) return;
      this.catalogCheckedInRequest = true;
    }
    this.refreshCatalog();
  }

  withinRequest<T>(work: () => T): T {
    if (this.requestDepth === 0) this.catalogCheckedInRequest = false;
    this.requestDepth++;
    try {
      return work();
    } finally {
      this.requestDepth--;
    }
  }

  private store(name: string): TableStore {
    let store = this.stores.get(name);
    if (store === undefined) {
      const entry = this.entries.get(name);
      if (entry === undefined) throw resourceNotFound();
      store = new TableStore(this.database, entry);
      this.stores.set(name, store);
    }
    return store;
  }

  getTable(name: string): TableDefinition | undefined {
    this.refreshCatalogForLookup();
    return this.entries.get(name)?.definition;
  }

  requireTable(name: string): TableDefinition {
    const definition = this.getTable(name);
    if (definition === undefined) throw resourceNotFound();
    return definition;
  }

  listTableNames(): string[] {
    this.refreshCatalogForLookup();
    // DynamoDB lists names in byte order, which code-unit order matches for ASCII names.
    return [...this.entries.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  private saveEntry(entry: CatalogEntry): void {
    this.catalog.write(entry);
    if (!this.isPrivate) this.seenCatalogVersion = this.catalog.version();
    this.entries.set(entry.definition.name, entry);
    this.stores.delete(entry.definition.name);
  }

  private indexTableName(sqlName: string, indexName: string): string {
    return freeSqlName(indexTableBaseName(sqlName, indexName), (name) => this.catalog.isSqlNameTaken(name));
  }

  /**
   * When a table's scan-only indexes are made: with the table in a file (which other
   * connections read too), on its first scan in memory (TableStore.scanRows).
   */
  private scanIndexes(): ScanIndexes {
    return this.database.memory ? 'on first scan' : 'now';
  }

  /**
   * Drops the SQLite tables of the private database's deleted tables (see deleteTable),
   * never one the catalog names. Kept for the next attempt if a drop fails.
   */
  private dropUndropped(): void {
    if (this.undropped.length === 0) return;
    const named = new Set<string>();
    for (const entry of this.entries.values()) for (const sqlName of [entry.sqlName, ...Object.values(entry.indexTables)]) named.add(sqlName);
    this.writeTransaction(() => {
      for (const sqlName of this.undropped) if (!named.has(sqlName)) dropTable(this.database, sqlName);
    });
    this.undropped.length = 0;
  }

  createTable(definition: TableDefinition): void {
    this.dropUndropped();
    this.writeTransaction(() => {
      this.refreshCatalog();
      if (this.entries.has(definition.name)) throw new Error(`table ${definition.name} already exists`);
      const sqlName = freeSqlName(definition.name, (name) => this.catalog.isSqlNameTaken(name));
      createItemTable(this.database, sqlName, definition.partitionKey, definition.sortKey, this.scanIndexes());
      const indexTables: Record<string, string> = {};
      for (const index of [...definition.globalIndexes, ...definition.localIndexes]) {
        indexTables[index.name] = this.indexTableName(sqlName, index.name);
        createIndexTable(this.database, indexTables[index.name], definition, index, this.scanIndexes());
      }
      this.saveEntry({ definition, sqlName, indexTables });
    });
  }

  updateTable(definition: TableDefinition): void {
    this.writeTransaction(() => {
      this.refreshCatalog();
      const previous = this.entries.get(definition.name);
      if (previous === undefined) throw resourceNotFound();
      const indexes = [...definition.globalIndexes, ...definition.localIndexes];
      const indexTables: Record<string, string> = {};
      let added: string | undefined;
      for (const index of indexes) {
        const existing = previous.indexTables[index.name];
        if (existing !== undefined) {
          indexTables[index.name] = existing;
        } else {
          indexTables[index.name] = this.indexTableName(previous.sqlName, index.name);
          createIndexTable(this.database, indexTables[index.name], definition, index, this.scanIndexes());
          added = index.name;
        }
      }
      for (const [name, sqlName] of Object.entries(previous.indexTables)) {
        if (!(name in indexTables)) dropTable(this.database, sqlName);
      }
      const ttlBefore = previous.definition.timeToLive;
      const ttlAfter = definition.timeToLive;
      const ttlChanged =
        Boolean(ttlBefore?.enabled) !== Boolean(ttlAfter?.enabled) ||
        (ttlAfter?.enabled === true && ttlBefore?.attributeName !== ttlAfter.attributeName);
      // Backfills are the storage's own bookkeeping: carried over from the stored entry.
      const before = previous.definition.backfills ?? {};
      const globalIndex = added ?? (before.globalIndex !== undefined && before.globalIndex in indexTables ? before.globalIndex : undefined);
      const backfills = backfillsOrNone({ globalIndex, timeToLive: before.timeToLive || ttlChanged });
      const { backfills: _ignored, ...rest } = definition;
      this.saveEntry({ definition: backfills ? { ...rest, backfills } : rest, sqlName: previous.sqlName, indexTables });
      if (globalIndex !== before.globalIndex) this.backfillProgress.clear(definition.name, 'index');
      if (ttlChanged) {
        // Restarted from the first row: rows already done were done for the old setting.
        this.backfillProgress.clear(definition.name, 'ttl');
        if (ttlAfter?.enabled) createTtlIndex(this.database, previous.sqlName);
      }
      // A small table is done in this first slice: its index is ACTIVE at once.
      if (backfills) this.backfillSliceOf(definition.name, BACKFILL_SLICE_LIMITS);
    });
  }

  backfillSlice(limits: SliceLimits): boolean {
    return this.writeTransaction(() => {
      this.refreshCatalog();
      const pending = [...this.entries.values()].find((entry) => entry.definition.backfills !== undefined);
      if (pending) this.backfillSliceOf(pending.definition.name, limits);
      return [...this.entries.values()].some((entry) => entry.definition.backfills !== undefined);
    });
  }

  hasPendingBackfills(): boolean {
    this.refreshCatalogForLookup();
    for (const entry of this.entries.values()) if (entry.definition.backfills !== undefined) return true;
    return false;
  }

  /** One slice of the table's pending backfills (the GSI first), inside the caller's write transaction. */
  private backfillSliceOf(name: string, limits: SliceLimits): void {
    const entry = this.entries.get(name);
    const backfills = entry?.definition.backfills;
    if (entry === undefined || backfills === undefined) return;
    const store = this.store(name);
    const work = backfills.globalIndex !== undefined ? 'index' : 'ttl';
    const after = this.backfillProgress.position(name, work);
    const progress =
      backfills.globalIndex !== undefined
        ? store.backfillIndexSlice(backfills.globalIndex, after, limits)
        : store.refreshTtlColumnSlice(after, limits);
    if (!progress.finished) {
      this.backfillProgress.record(name, work, progress.lastRowid);
      return;
    }
    this.backfillProgress.clear(name, work);
    const remaining = backfillsOrNone(work === 'index' ? { timeToLive: backfills.timeToLive } : { globalIndex: backfills.globalIndex });
    const { backfills: _done, ...rest } = entry.definition;
    this.saveEntry({ ...entry, definition: remaining ? { ...rest, backfills: remaining } : rest });
  }

  deleteTable(name: string): void {
    this.writeTransaction(() => {
      this.refreshCatalog();
      const entry = this.entries.get(name);
      if (entry === undefined) throw resourceNotFound();
      // The stream outlives its table, readable as DISABLED for its retention.
      if (entry.definition.stream) this.streams.disableStream(entry.definition.stream.id, this.now());
      const sqlNames = [...Object.values(entry.indexTables), entry.sqlName];
      if (!this.isPrivate) for (const sqlName of sqlNames) dropTable(this.database, sqlName);
      if (entry.definition.backfills) {
        this.backfillProgress.clear(name, 'index');
        this.backfillProgress.clear(name, 'ttl');
      }
      this.catalog.delete(name);
      if (!this.isPrivate) this.seenCatalogVersion = this.catalog.version();
      this.entries.delete(name);
      this.stores.delete(name);
      // Nothing but the catalog leads to a private database's tables, and the database is
      // discarded when the engine closes: they are dropped before the next table is created.
      if (this.isPrivate) this.undropped.push(...sqlNames);
    });
  }

  getItem(table: TableDefinition, key: Item): Item | undefined {
    return this.store(table.name).getItem(key);
  }

  getRow(table: TableDefinition, key: Item): StoredRow | undefined {
    return this.store(table.name).getRow(key);
  }

  putItem(table: TableDefinition, item: Item, hints?: PutHints): void {
    const store = this.store(table.name);
    const stream = table.stream;
    if (stream) {
      if (this.held && !this.inWriteTransaction()) {
        this.putStreamedInHeldTransaction(this.held, store, table, stream, item, hints);
        return;
      }
      // The change and its record, in one transaction; the record needs the item replaced.
      this.writeTransaction(() => this.putStreamed(store, table, stream, item, hints));
      return;
    }
    if (this.inWriteTransaction() || hints?.previous) {
      this.writeTransaction(() => store.putItem(item, hints));
      return;
    }
    // One statement is atomic by itself, inside the held transaction too.
    this.held?.open();
    store.putItemAlone(item, hints?.size, (work) => this.writeTransaction(work));
    this.held?.wrote();
  }

  deleteItem(table: TableDefinition, key: Item, hints?: DeleteHints): void {
    const store = this.store(table.name);
    const stream = table.stream;
    if (stream) {
      this.writeTransaction(() => {
        const known = hints?.previous;
        const row = known === undefined ? store.getRow(key) : hints?.previousRow;
        const before = known === undefined ? row?.item : (known ?? undefined);
        store.deleteItem(key);
        const change = row ? { before, beforeText: row.text, beforeSize: row.size } : { before };
        this.streams.append(table, stream, change, hints?.origin ?? 'request');
      });
      return;
    }
    if (this.inWriteTransaction()) store.deleteItem(key);
    else this.writeTransaction(() => store.deleteItem(key));
  }

  /**
   * A put on a table with a stream, and its record. With the replaced item unknown, the
   * insert is tried first: a new key needs no read (the record is an INSERT), and only a
   * taken key reads the item it replaces. The images go into the record as storage holds
   * them (the new item's text, the replaced row's text and size), not serialised again.
   */
  private putStreamed(
    store: TableStore,
    table: TableDefinition,
    stream: TableStream,
    item: Item,
    hints: PutHints | undefined,
    keyTaken = false,
  ): void {
    const known = hints?.previous;
    if (known === undefined && !keyTaken) {
      const inserted = store.insertItem(item, hints?.size);
      if (inserted !== undefined) {
        this.streams.append(table, stream, { after: item, afterText: inserted.data, afterSize: inserted.size }, 'request');
        return;
      }
    }
    const row = known === undefined ? store.getRow(item) : hints?.previousRow;
    const before = known === undefined ? row?.item : (known ?? undefined);
    const size = hints?.size ?? itemSize(item);
    const afterText = store.putItem(item, { previous: before ?? null, size });
    const change = row
      ? { before, beforeText: row.text, beforeSize: row.size, after: item, afterText, afterSize: size }
      : { before, after: item, afterText, afterSize: size };
    this.streams.append(table, stream, change, 'request');
  }

  /**
   * A put with a stream on a private in-memory database, outside any write transaction.
   * A new item that no index holds is one statement, and its record another, written in
   * the held transaction without a savepoint around them: a savepoint there costs about
   * as much as the record itself, since SQLite copies every page the two statements touch
   * (already changed in the held transaction) into a statement journal so that the
   * savepoint alone could be rolled back (measured: 2.9 of the 5.6 µs a record added to an
   * in-memory PutItem). Atomicity stays: each statement is atomic, and if the record's
   * insert fails, the item is deleted again before the error surfaces; no other connection
   * can see the moment between the two. Any other put (a taken key, index entries to
   * write) runs in a savepoint, as without a stream.
   */
  private putStreamedInHeldTransaction(
    held: HeldTransaction,
    store: TableStore,
    table: TableDefinition,
    stream: TableStream,
    item: Item,
    hints: PutHints | undefined,
  ): void {
    held.open();
    this.heldWriteDepth++;
    try {
      let keyTaken = false;
      if (hints?.previous === undefined && !store.anyIndexHolds(item)) {
        const inserted = store.insertItem(item, hints?.size);
        if (inserted !== undefined) {
          try {
            this.streams.append(table, stream, { after: item, afterText: inserted.data, afterSize: inserted.size }, 'request');
          } catch (error) {
            store.deleteItem(item);
            throw error;
          }
          return;
        }
        keyTaken = true;
      }
      // Inside the held transaction this is a savepoint.
      this.transactions.run('immediate', () => this.putStreamed(store, table, stream, item, hints, keyTaken));
    } finally {
      this.heldWriteDepth--;
      this.streams.transactionEnded();
      held.wrote();
    }
  }

  queryItems(table: TableDefinition, request: RangeRequest): IterableIterator<Item> {
    return this.store(table.name).queryItems(request);
  }

  scanItems(table: TableDefinition, request: ScanRequest): IterableIterator<Item> {
    return this.store(table.name).scanItems(request);
  }

  queryRows(table: TableDefinition, request: RangeRequest): IterableIterator<StoredRow> {
    return this.store(table.name).queryRows(request);
  }

  scanRows(table: TableDefinition, request: ScanRequest): IterableIterator<StoredRow> {
    return this.store(table.name).scanRows(request);
  }

  tableStatistics(table: TableDefinition, indexName?: string): TableStatistics {
    return this.store(table.name).statistics(indexName);
  }

  expiredItems(table: TableDefinition, notAfterSeconds: number, notBeforeSeconds: number, limit: number): Item[] {
    return this.store(table.name).expiredItems(notAfterSeconds, notBeforeSeconds, limit);
  }

  writeTransaction<T>(work: () => T): T {
    if (this.inWriteTransaction()) return work();
    if (!this.held) {
      try {
        return this.transactions.run('immediate', work);
      } finally {
        this.streams.transactionEnded();
      }
    }
    // Inside the held transaction, `work` runs as a savepoint.
    this.held.open();
    this.heldWriteDepth++;
    let result: T;
    try {
      result = this.transactions.run('immediate', work);
    } finally {
      this.heldWriteDepth--;
      this.streams.transactionEnded();
    }
    this.held.wrote();
    return result;
  }

  readTransaction<T>(work: () => T): T {
    // A private in-memory database has no other connection, and `work` runs synchronously:
    // nothing can write between its statements, so BEGIN/COMMIT would only cost time.
    if (this.database.inTransaction || this.database.memory) return work();
    return this.transactions.run('deferred', work);
  }

  close(): void {
    // A private in-memory database is discarded, with what its held transaction holds.
    if (this.database.open) this.database.close();
  }
}

/** The backfills still to run, or `undefined` when none is. */
function backfillsOrNone(backfills: TableBackfills): TableBackfills | undefined {
  const pending: { globalIndex?: string; timeToLive?: boolean } = {};
  if (backfills.globalIndex !== undefined) pending.globalIndex = backfills.globalIndex;
  if (backfills.timeToLive) pending.timeToLive = true;
  return pending.globalIndex === undefined && !pending.timeToLive ? undefined : pending;
}
