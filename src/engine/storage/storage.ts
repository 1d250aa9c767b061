import type { AttributeValue, Item, ScalarKeyType } from '../values/attribute-value.js';
import type { SliceLimits } from './slice-limits.js';
import type { StoredItem } from './stored-item.js';
import type { ChangeOrigin, StreamLog, StreamViewType } from './stream-log.js';

export type ProjectionType = 'ALL' | 'KEYS_ONLY' | 'INCLUDE';

export interface KeyAttribute {
  readonly name: string;
  readonly type: ScalarKeyType;
}

/**
 * A secondary index. Its key is a list of partition (HASH) attributes and a list of sort
 * (RANGE) attributes, in KeySchema order: one and at most one on an LSI, up to four of
 * each on a GSI (multi-attribute keys). A single-attribute index has one partition key and
 * at most one sort key; its storage is the same as before multi-attribute keys existed.
 *
 * @example
 * const byTenantStatus: IndexDefinition = {
 *   name: 'byTenantStatus', kind: 'global',
 *   partitionKeys: [{ name: 'tenantId', type: 'S' }, { name: 'status', type: 'S' }],
 *   sortKeys: [{ name: 'createdAt', type: 'N' }],
 *   projection: { type: 'ALL' },
 * };
 */
export interface IndexDefinition {
  readonly name: string;
  readonly kind: 'global' | 'local';
  /** HASH elements in KeySchema order (1–4). */
  readonly partitionKeys: readonly KeyAttribute[];
  /** RANGE elements in KeySchema order (0–4); their order is the sort hierarchy. */
  readonly sortKeys: readonly KeyAttribute[];
  readonly projection: { readonly type: ProjectionType; readonly nonKeyAttributes?: readonly string[] };
}

/** A table as the catalog knows it. `description` is DynamoDB's TableDescription in wire form. */
export interface StoredTableDefinition {
  readonly name: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  readonly globalIndexes: readonly IndexDefinition[];
  readonly localIndexes: readonly IndexDefinition[];
  readonly timeToLive?: { readonly attributeName: string; readonly enabled: boolean };
  /** Tags of the table (TagResource), in the order they were first set. */
  readonly tags?: readonly { readonly Key: string; readonly Value: string }[];
  /** The table's stream while it is enabled: every item change appends a record to it. */
  readonly stream?: TableStream;
  /**
   * Point-in-time recovery (UpdateContinuousBackups): the setting only, no backups are
   * taken. `enabledAt` is epoch milliseconds. Absent in catalogs written before it existed.
   */
  readonly pointInTimeRecovery?: {
    readonly enabled: boolean;
    readonly recoveryPeriodInDays: number;
    readonly enabledAt: number;
  };
  /**
   * Backfills still running, in slices (backfill-progress.ts). While `globalIndex` is set,
   * that GSI is CREATING: DescribeTable says `Backfilling`, reads of it are refused. While
   * `timeToLive` is set, the `expires_at` column is being recomputed and the TTL reaper
   * leaves the table alone. Kept by storage alone: what a caller passes is ignored.
   */
  readonly backfills?: TableBackfills;
  readonly description: Record<string, unknown>;
}

/** See {@link StoredTableDefinition.backfills}. */
export interface TableBackfills {
  readonly globalIndex?: string;
  readonly timeToLive?: boolean;
}

/** An enabled stream, as the table definition carries it (a row of `monotable_streams`). */
export interface TableStream {
  readonly id: number;
  readonly label: string;
  readonly viewType: StreamViewType;
  /** Epoch ms; shard ordinals count `shardDurationMs` windows from here. */
  readonly createdAt: number;
  readonly shardDurationMs: number;
}

/** A key condition on one partition of the table or of an index, resolved to values. */
export interface RangeRequest {
  readonly indexName?: string;
  /** One value per partition attribute (of the table: one; of a multi-attribute GSI: up to four). */
  readonly partitionValues: readonly AttributeValue[];
  /**
   * Multi-attribute sort keys: the values the first sort attributes equal, left to right;
   * `sortCondition` then applies to the next sort attribute.
   */
  readonly sortPrefix?: readonly AttributeValue[];
  readonly sortCondition?: {
    readonly operator: '=' | '<' | '<=' | '>' | '>=' | 'BETWEEN' | 'BEGINS_WITH';
    readonly values: readonly AttributeValue[];
  };
  readonly forward: boolean;
  /** Continue after this key (table key attributes, plus index key attributes on an index). */
  readonly exclusiveStartKey?: Item;
  /** The caller reads at most this many items (DynamoDB's `Limit`), so storage reads no more rows. */
  readonly limit?: number;
  /**
   * `false` when the caller needs no item sizes: rows then come without them (`hasSize`
   * false), which spares SQLite a string per row. Default `true`.
   */
  readonly withSizes?: boolean;
}

export interface ScanRequest {
  readonly indexName?: string;
  readonly segment?: number;
  readonly totalSegments?: number;
  readonly exclusiveStartKey?: Item;
  /** The caller reads at most this many items (DynamoDB's `Limit`), so storage reads no more rows. */
  readonly limit?: number;
}

/** Live size of a table or index, as DescribeTable reports it. */
export interface TableStatistics {
  readonly itemCount: number;
  /** Bytes of the stored items (their JSON form: an estimate of DynamoDB's item sizes). */
  readonly sizeBytes: number;
}

/**
 * The read form of every item storage hands out: the item, its size, its stored JSON text
 * and a reader over that text (stored-item.ts).
 */
export { StoredItem } from './stored-item.js';

/**
 * The engine's view of the SQLite file. Item reads and writes keep every index table in
 * sync. Writes must run inside `writeTransaction` so that they are atomic and serialized
 * across processes sharing the file.
 */
export interface Storage {
  getTable(name: string): StoredTableDefinition | undefined;
  /** Throws `ResourceNotFoundException` (`Requested resource not found`) for an unknown table. */
  requireTable(name: string): StoredTableDefinition;
  listTableNames(): string[];

  createTable(definition: StoredTableDefinition): void;
  updateTable(definition: StoredTableDefinition): void;
  deleteTable(name: string): void;

  /** The stored item with this primary key (extra attributes in `key` are ignored). */
  getItem(table: StoredTableDefinition, key: Item): StoredItem | undefined;
  /** Inserts or replaces the item and updates the index tables; `hints` only spare statements. */
  putItem(table: StoredTableDefinition, item: Item, hints?: PutHints): void;
  /** Deletes the item with this key (no-op if absent) and its index entries. */
  deleteItem(table: StoredTableDefinition, key: Item, hints?: DeleteHints): void;

  /** The stream records of the file (stream-log.ts); item writes append to it themselves. */
  readonly streams: StreamLog;

  /** Items of one partition in key order, lazily (stop iterating to stop reading). */
  queryItems(table: StoredTableDefinition, request: RangeRequest): IterableIterator<StoredItem>;
  /**
   * Items of the table or index, in storage order, lazily. Order: by partition-key hash,
   * then key, so a segment (`segment`/`totalSegments`) is a contiguous run and every item is
   * in exactly one segment. Iterators hold no open statement between items: writes while
   * iterating are fine.
   */
  scanItems(table: StoredTableDefinition, request: ScanRequest): IterableIterator<StoredItem>;

  /**
   * Where `item` (a table item, or an item as an index holds it) stands in the order of the
   * Query `request` asks for, or `undefined` when that Query does not read it. Positions
   * compare with `compareReadPositions` (sort-range.ts). For readers that merge items
   * storage does not hold into a read (the lagging reads of cloud/consistency).
   */
  queryPosition(table: StoredTableDefinition, request: RangeRequest, item: Item): unknown[] | undefined;
  /** {@link queryPosition} for a Scan. */
  scanPosition(table: StoredTableDefinition, request: ScanRequest, item: Item): unknown[] | undefined;

  /** Item count and size of the table, or of one of its indexes. */
  tableStatistics(table: StoredTableDefinition, indexName?: string): TableStatistics;
  /**
   * Up to `limit` items whose TTL attribute (a Number, while the table's TTL is enabled)
   * lies in `[notBeforeSeconds, notAfterSeconds]`, epoch seconds. For the TTL reaper.
   */
  expiredItems(
    table: StoredTableDefinition,
    notAfterSeconds: number,
    notBeforeSeconds: number,
    limit: number,
  ): StoredItem[];

  /**
   * Runs one slice of a pending backfill (see {@link StoredTableDefinition.backfills}) in its own
   * write transaction, and answers whether any backfill is still pending afterwards.
   */
  backfillSlice(limits: SliceLimits): boolean;
  /** Whether any table of the file has a backfill pending. */
  hasPendingBackfills(): boolean;

  /**
   * Runs `work` all or nothing: in a file, one `BEGIN IMMEDIATE` transaction; in a private
   * in-memory database, a savepoint of the transaction held across writes (transactions.ts).
   * Nested calls join the outer one. Storage alone opens transactions.
   */
  writeTransaction<T>(work: () => T): T;

  /**
   * Claims a TransactWriteItems `ClientRequestToken` for the request whose actions hash to
   * `requestHash`, at engine time `now` (epoch ms), inside the write transaction that runs
   * them: `'new'` (the claim is written, and rolled back with a cancelled transaction),
   * `'replay'` (this request ran with the token within 10 minutes) or `'mismatch'` (another
   * request did). Tokens live in the file, so every process sharing it agrees.
   */
  claimRequestToken(token: string, requestHash: string, now: number): 'new' | 'replay' | 'mismatch';
  /** Runs `work` on one consistent snapshot. */
  readTransaction<T>(work: () => T): T;
  /**
   * Runs one engine request. Its table lookups see other connections' catalog changes as
   * of the first lookup, instead of checking again at each one. Optional: without it,
   * every lookup checks.
   */
  withinRequest?<T>(work: () => T): T;
  /**
   * What background work awaits before its next slice: `undefined` at once, or a promise
   * that resolves once a file's write-ahead log is back under its bound (its checkpointing
   * thread caught up; wal-checkpointer.ts). Optional: without it, slices never wait.
   */
  walBounded?(): Promise<void> | undefined;

  close(): void;
}

/**
 * What the caller of a put already knows, to spare statements. `previous`: the item stored
 * under the key now, read in the same write transaction (`null`: there is none; absent:
 * not known); a hint read outside that transaction could be stale. `size`: exactly
 * `itemSize` of the item put, since reads bill and splice by the stored size.
 */
export interface PutHints {
  /** A stream record takes its text and size as they are. */
  readonly previous?: StoredItem | null;
  readonly size?: number;
}

/** As {@link PutHints}: `previous` spares a read; `origin` says who deletes (TTL: the service). */
export interface DeleteHints {
  readonly previous?: StoredItem | null;
  readonly origin?: ChangeOrigin;
}
