import type * as Database from './sqlite-driver.js';
import { queryPosition, scanPosition } from './read-positions.js';
import { resourceNotFound } from '../errors.js';
import type { Item } from '../values/attribute-value.js';
import { BackfillProgress } from './backfill-progress.js';
import { Catalog, createCatalogTables, type CatalogEntry } from './catalog.js';
import { migrateStorageFormat } from './format-migration.js';
import { openSqliteFile } from './open-sqlite-file.js';
import { openPooledDatabase, releasePooledDatabase, type PooledDatabase } from './private-database-pool.js';
import { privateDatabaseSqlNames } from './private-database-template.js';
import type { PrivateSqlNames } from './private-sql-names.js';
import { PRIVATE_TABLE_SLOTS, PrivateTableSlots } from './private-table-slots.js';
import type {
  DeleteHints,
  PutHints,
  RangeRequest,
  ScanRequest,
  Storage,
  StoredTableDefinition,
  TableStatistics,
} from './storage.js';
import { StreamLog } from './stream-log.js';
import { createStreamTables } from './stream-tables.js';
import type { StoredItem } from './stored-item.js';
import { AttributeNameMemo } from './stored-text-reader.js';
import { TableStore } from './table-store.js';
import { WalCheckpointer } from './wal-checkpointer.js';
import { Transactions } from './transactions.js';
import { ClientRequestTokens } from './client-request-tokens.js';
import type { SliceLimits } from './slice-limits.js';
import { imageBefore, putStreamed } from './streamed-puts.js';
import { backfillSlice, createTable, deleteTable, hasPendingBackfills, updateTable } from './table-lifecycle.js';

/** Where the database lives: a file (shared safely by several processes) or private memory. */
export type SqliteStorageOptions = (
  | {
      readonly path: string;
      /** Read the file only: nothing written to it or beside it (open-sqlite-file.ts); writes fail. */
      readonly readOnly?: boolean;
    }
  | { readonly inMemory: true }
) & {
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
    // journal file to sync. It starts with the engine's own tables made (private-database-template.ts),
    // maybe as one an engine closed before (private-database-pool.ts).
    const pooled = openPooledDatabase();
    return new SqliteStorage(pooled.database, options.now ?? Date.now, pooled);
  }
  const now = options.now ?? Date.now;
  // A failure names the file and its cause (SqliteFileError); only `.monotable/` is created when missing.
  if (options.readOnly)
    return openSqliteFile(
      options.path,
      'read-only',
      busyTimeoutMs,
      (database) => new SqliteStorage(database, now, undefined, true),
    );
  // `timeout` is SQLite's busy timeout, set by better-sqlite3 without a statement.
  return openSqliteFile(options.path, 'read-write', busyTimeoutMs, (database, path) => {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    const storage = new SqliteStorage(database, now);
    // Checkpoints off the engine's thread, once the file is set up (wal-checkpointer.ts).
    storage.checkpointer = WalCheckpointer.start(database, path, busyTimeoutMs);
    return storage;
  });
}

class SqliteStorage implements Storage {
  readonly catalog: Catalog;
  entries = new Map<string, CatalogEntry>();
  readonly stores = new Map<string, TableStore>();
  /** The attribute names recurring from item to item, for every table's reads (stored-text-reader.ts). */
  private readonly attributeNames = new AttributeNameMemo();
  /** `PRAGMA data_version` of a file, prepared on first use (a private in-memory database needs none). */
  private dataVersion: Database.Statement<[], number> | undefined;
  private seenDataVersion = -1;
  seenCatalogVersion = '';
  readonly transactions: Transactions;
  /** TransactWriteItems' idempotency tokens, in a table of the file (client-request-tokens.ts). */
  private readonly tokens: ClientRequestTokens;
  /** Nesting of `withinRequest`, and whether the current request's lookups checked the catalog. */
  private requestDepth = 0;
  private catalogCheckedInRequest = false;
  /**
   * SQLite tables of a private database's deleted tables, not dropped yet: the next
   * CreateTable drops them, and closing the engine discards them (a table made for one
   * test is deleted just before its engine closes).
   */
  readonly undropped: string[] = [];
  /**
   * A private in-memory database: no other connection can open it, so its catalog can only
   * change through this storage, and it starts empty in the current format.
   */
  readonly isPrivate: boolean;
  /**
   * The SQLite names of a copy of the private template, kept in JavaScript (private-sql-names.ts);
   * `undefined` where the name check asks SQLite.
   */
  readonly privateSqlNames: PrivateSqlNames | undefined;
  /** A copy of the private template's table slots not taken yet; `undefined` elsewhere. */
  readonly slots: PrivateTableSlots | undefined;
  /** Where a copy of the private template goes back to when the engine closes. */
  private readonly pooled: PooledDatabase | undefined;
  private closed = false;

  readonly streams: StreamLog;
  private readonly backfillProgress: BackfillProgress;
  /** A file's checkpointing thread, stopped before the connection closes. */
  checkpointer: WalCheckpointer | undefined;

  constructor(
    readonly database: Database.Database,
    readonly now: () => number,
    /** Given when `database` is a copy of the private template, its catalog, stream tables and slots made. */
    pooled?: PooledDatabase,
    /** A file opened read-only (maybe read into memory): read as it is, nothing created or migrated. */
    readOnly = false,
  ) {
    this.isPrivate = database.memory && !readOnly;
    this.pooled = pooled;
    this.privateSqlNames = pooled ? privateDatabaseSqlNames() : undefined;
    this.slots = pooled ? new PrivateTableSlots(PRIVATE_TABLE_SLOTS, () => pooled.hasTemplateSchema()) : undefined;
    this.transactions = new Transactions(database, {
      held: this.isPrivate,
      ended: (committed) => {
        this.streams.transactionEnded();
        if (this.tokens.claimedInTransaction) this.tokens.transactionEnded(committed);
      },
    });
    this.tokens = new ClientRequestTokens(database);
    this.backfillProgress = new BackfillProgress(database);
    if (this.isPrivate) {
      // Nothing to migrate or to read: the database was created a moment ago.
      if (!pooled) {
        createCatalogTables(database);
        createStreamTables(database);
      }
      this.catalog = new Catalog(database, false);
      // The template (and the DDL above) made the stream tables; their statements are prepared on first use.
      this.streams = new StreamLog(database, now);
      return;
    }
    if (readOnly) {
      // The open checked that the catalog exists in the current format; a current file has its stream tables.
      this.catalog = new Catalog(database);
      this.refreshCatalog();
      this.streams = new StreamLog(database, now);
      return;
    }
    this.catalog = this.transactions.setup(() => {
      createCatalogTables(database);
      const catalog = new Catalog(database);
      migrateStorageFormat(database, catalog);
      createStreamTables(database);
      return catalog;
    });
    this.refreshCatalog();
    this.streams = new StreamLog(database, now);
  }

  /**
   * Reloads the catalog when another connection changed it. `data_version` moves on any
   * commit by another connection, so the catalog version is read only then.
   */
  refreshCatalog(): void {
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
  refreshCatalogForLookup(): void {
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

  store(name: string): TableStore {
    let store = this.stores.get(name);
    if (store === undefined) {
      const entry = this.entries.get(name);
      if (entry === undefined) throw resourceNotFound();
      store = new TableStore(this.database, entry, this.attributeNames);
      this.stores.set(name, store);
    }
    return store;
  }

  getTable(name: string): StoredTableDefinition | undefined {
    this.refreshCatalogForLookup();
    return this.entries.get(name)?.definition;
  }

  requireTable(name: string): StoredTableDefinition {
    const definition = this.getTable(name);
    if (definition === undefined) throw resourceNotFound();
    return definition;
  }

  listTableNames(): string[] {
    this.refreshCatalogForLookup();
    // DynamoDB lists names in byte order, which code-unit order matches for ASCII names.
    return [...this.entries.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  saveEntry(entry: CatalogEntry): void {
    this.catalog.write(entry);
    if (!this.isPrivate) this.seenCatalogVersion = this.catalog.version();
    this.entries.set(entry.definition.name, entry);
    this.stores.delete(entry.definition.name);
  }

  createTable(definition: StoredTableDefinition): void {
    createTable(this, definition);
  }

  updateTable(definition: StoredTableDefinition): void {
    updateTable(this, this.backfillProgress, definition);
  }

  backfillSlice(limits: SliceLimits): boolean {
    return backfillSlice(this, this.backfillProgress, limits);
  }

  hasPendingBackfills(): boolean {
    return hasPendingBackfills(this);
  }

  deleteTable(name: string): void {
    deleteTable(this, this.backfillProgress, name);
  }

  getItem(table: StoredTableDefinition, key: Item): StoredItem | undefined {
    return this.store(table.name).getItem(key);
  }

  putItem(table: StoredTableDefinition, item: Item, hints?: PutHints): void {
    const store = this.store(table.name);
    const stream = table.stream;
    // With a stream, the change and its record in one transaction (the record needs the item replaced).
    if (stream) this.writeTransaction(() => putStreamed(this, store, table, stream, item, hints));
    else this.writeTransaction(() => store.putItem(item, hints));
  }

  deleteItem(table: StoredTableDefinition, key: Item, hints?: DeleteHints): void {
    const store = this.store(table.name);
    const stream = table.stream;
    if (stream) {
      this.writeTransaction(() => {
        const known = hints?.previous;
        const before = known === undefined ? store.getItem(key) : (known ?? undefined);
        store.deleteItem(key);
        this.streams.append(table, stream, imageBefore(before), hints?.origin ?? 'request');
      });
      return;
    }
    this.writeTransaction(() => store.deleteItem(key));
  }

  queryItems(table: StoredTableDefinition, request: RangeRequest): IterableIterator<StoredItem> {
    return this.store(table.name).queryItems(request);
  }

  scanItems(table: StoredTableDefinition, request: ScanRequest): IterableIterator<StoredItem> {
    return this.store(table.name).scanItems(request);
  }

  queryPosition(table: StoredTableDefinition, request: RangeRequest, item: Item): unknown[] | undefined {
    return queryPosition(this.store(table.name), request, item);
  }

  scanPosition(table: StoredTableDefinition, request: ScanRequest, item: Item): unknown[] | undefined {
    return scanPosition(this.store(table.name), request, item);
  }

  tableStatistics(table: StoredTableDefinition, indexName?: string): TableStatistics {
    return this.store(table.name).statistics(indexName);
  }

  expiredItems(
    table: StoredTableDefinition,
    notAfterSeconds: number,
    notBeforeSeconds: number,
    limit: number,
  ): StoredItem[] {
    return this.store(table.name).expiredItems(notAfterSeconds, notBeforeSeconds, limit);
  }

  writeTransaction<T>(work: () => T): T {
    return this.transactions.write(work);
  }

  readTransaction<T>(work: () => T): T {
    return this.transactions.read(work);
  }

  claimRequestToken(token: string, requestHash: string, now: number): 'new' | 'replay' | 'mismatch' {
    return this.tokens.claim(token, requestHash, now);
  }

  walBounded(): Promise<void> | undefined {
    return this.checkpointer?.walBounded();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.entries.clear();
    this.stores.clear();
    // A private in-memory database is discarded with what its held transaction holds, or
    // rolled back to be reused (private-database-pool.ts). A file's checkpointing thread
    // closes its connection first, so that this one, the last, merges the WAL into the file.
    if (this.pooled) {
      releasePooledDatabase(this.pooled, !(this.transactions.held?.committed ?? false));
      return;
    }
    this.checkpointer?.stop();
    if (this.database.open) this.database.close();
  }
}
