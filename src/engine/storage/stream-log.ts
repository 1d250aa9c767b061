import type * as Database from './sqlite-driver.js';
import type { Item } from '../values/attribute-value.js';
import { itemSize } from '../values/index.js';
import { itemsEqual } from '../values/items-equal.js';
import type { StoredTableDefinition, TableStream } from './storage.js';
import { createStreamTables } from './stream-tables.js';

export type StreamViewType = 'KEYS_ONLY' | 'NEW_IMAGE' | 'OLD_IMAGE' | 'NEW_AND_OLD_IMAGES';
export type StreamEventName = 'INSERT' | 'MODIFY' | 'REMOVE';

/** A stream as `monotable_streams` keeps it. */
export interface StreamRow {
  readonly id: number;
  readonly tableName: string;
  readonly label: string;
  readonly viewType: StreamViewType;
  /** The table's KeySchema in wire form. */
  readonly keySchema: readonly { AttributeName: string; KeyType: string }[];
  readonly createdAt: number;
  readonly disabledAt: number | null;
  /** How long a shard stays open before a child shard takes over (ms). */
  readonly shardDurationMs: number;
}

/**
 * One stream record as stored, as a row of its columns (the SQLite driver's raw rows: a page
 * of 1,000 records is read without an object per row). Members by {@link RECORD_COLUMN}.
 */
export type StoredRecordRow = [
  seq: number,
  createdAt: number,
  eventName: StreamEventName,
  keys: string,
  newImage: string | null,
  oldImage: string | null,
  size: number,
  userIdentity: string | null,
];

/** Where each column sits in a {@link StoredRecordRow}. */
export const RECORD_COLUMN = {
  seq: 0,
  createdAt: 1,
  eventName: 2,
  keys: 3,
  newImage: 4,
  oldImage: 5,
  size: 6,
  userIdentity: 7,
} as const;

/** A shard with records (or the open one), by ordinal within its stream. */
export interface ShardSpan {
  readonly shard: number;
  readonly firstSeq: number;
  readonly lastSeq: number;
}

/** Who made a change: absent for requests, the service for TTL deletions. */
export type ChangeOrigin = 'request' | 'timeToLive';

const TTL_IDENTITY = JSON.stringify({ PrincipalId: 'dynamodb.amazonaws.com', Type: 'Service' });

interface StreamDatabaseRow {
  id: number;
  table_name: string;
  label: string;
  view_type: StreamViewType;
  key_schema: string;
  created_at: number;
  disabled_at: number | null;
  shard_duration: number;
}

function streamOf(row: StreamDatabaseRow): StreamRow {
  return {
    id: row.id,
    tableName: row.table_name,
    label: row.label,
    viewType: row.view_type,
    keySchema: JSON.parse(row.key_schema) as StreamRow['keySchema'],
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
    shardDurationMs: row.shard_duration,
  };
}

/** `YYYY-MM-DDTHH:MM:SS.mmm` in UTC, without zone: DynamoDB's stream label. */
export function streamLabelAt(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 23);
}

function keysOf(table: StoredTableDefinition, item: Item): Item {
  const keys: Item = {};
  keys[table.partitionKey.name] = item[table.partitionKey.name];
  if (table.sortKey) keys[table.sortKey.name] = item[table.sortKey.name];
  return keys;
}

/**
 * One change of an item, as the storage call that makes it knows it. The texts and sizes
 * are what storage holds (`JSON.stringify` of the item, `itemSize`): given, they spare the
 * record serialising or measuring an image again.
 */
export interface ItemChange {
  /** The item before the change (absent: there was none). */
  readonly before?: Item;
  /** `before` as stored: its text and size (stored-item.ts). */
  readonly beforeText?: string;
  readonly beforeSize?: number;
  /** The item after the change (absent: deleted). */
  readonly after?: Item;
  readonly afterText?: string;
  readonly afterSize?: number;
}

type Statement<P extends unknown[] = unknown[], R = unknown> = Database.Statement<P, R>;

/** Reads and appends stream records; one per storage connection, each statement prepared on first use. */
export class StreamLog {
  private insertRecordStatement: Statement | undefined;
  private selectLastShardStatement: Statement<[number], number | null> | undefined;
  private selectRecordsStatement: Statement<[number, number, number, number], StoredRecordRow> | undefined;
  private selectStreamStatement: Statement<[number], StreamDatabaseRow> | undefined;
  /** Whether the stream tables exist (see the constructor). */
  private hasTables: boolean;
  /** Called once after a write transaction that appended records ends (in-process wake-ups). */
  private readonly listeners = new Set<() => void>();
  private appendedSinceNotice = false;

  /**
   * `tablesExist`: the tables were made when the file was opened. A private in-memory
   * database makes them with its first stream instead: only this connection can see it,
   * and most such engines (one per test) never enable a stream.
   */
  constructor(
    private readonly database: Database.Database,
    private readonly now: () => number,
    tablesExist = true,
  ) {
    this.hasTables = tablesExist;
  }

  private get insertRecord(): Statement {
    return (this.insertRecordStatement ??= this.database.prepare(
      `INSERT INTO monotable_stream_records (stream_id, shard, created_at, event_name, keys, new_image, old_image, size, user_identity)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ));
  }

  private get selectLastShard(): Statement<[number], number | null> {
    return (this.selectLastShardStatement ??= this.database
      .prepare<[number], number | null>('SELECT max(shard) FROM monotable_stream_records WHERE stream_id = ?')
      .pluck());
  }

  private get selectStream(): Statement<[number], StreamDatabaseRow> {
    return (this.selectStreamStatement ??= this.database.prepare<[number], StreamDatabaseRow>(
      'SELECT * FROM monotable_streams WHERE id = ?',
    ));
  }

  /** Registers a new stream of `table` (inside the caller's write transaction); label from `createdAt`, unique per table. */
  createStream(
    table: StoredTableDefinition,
    viewType: StreamViewType,
    createdAt: number,
    shardDurationMs: number,
  ): TableStream {
    if (!this.hasTables) {
      createStreamTables(this.database);
      this.hasTables = true;
    }
    const keySchema = [{ AttributeName: table.partitionKey.name, KeyType: 'HASH' }];
    if (table.sortKey) keySchema.push({ AttributeName: table.sortKey.name, KeyType: 'RANGE' });
    const taken = this.database.prepare('SELECT 1 FROM monotable_streams WHERE table_name = ? AND label = ?').pluck();
    let at = createdAt;
    while (taken.get(table.name, streamLabelAt(at)) !== undefined) at += 1;
    const label = streamLabelAt(at);
    const result = this.database
      .prepare(
        `INSERT INTO monotable_streams (table_name, label, view_type, key_schema, created_at, shard_duration) VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(table.name, label, viewType, JSON.stringify(keySchema), at, Math.max(1, Math.floor(shardDurationMs)));
    return {
      id: Number(result.lastInsertRowid),
      label,
      viewType,
      createdAt: at,
      shardDurationMs: Math.max(1, Math.floor(shardDurationMs)),
    };
  }

  disableStream(id: number, at: number): void {
    if (!this.hasTables) return;
    this.database
      .prepare('UPDATE monotable_streams SET disabled_at = ? WHERE id = ? AND disabled_at IS NULL')
      .run(at, id);
  }

  stream(id: number): StreamRow | undefined {
    if (!this.hasTables) return undefined;
    const row = this.selectStream.get(id);
    return row === undefined ? undefined : streamOf(row);
  }

  findStream(tableName: string, label: string): StreamRow | undefined {
    if (!this.hasTables) return undefined;
    const row = this.database
      .prepare<[string, string], StreamDatabaseRow>(
        'SELECT * FROM monotable_streams WHERE table_name = ? AND label = ?',
      )
      .get(tableName, label);
    return row === undefined ? undefined : streamOf(row);
  }

  /** Every stream, newest first within a table, tables in name order. */
  listStreams(tableName?: string): StreamRow[] {
    if (!this.hasTables) return [];
    const rows =
      tableName === undefined
        ? this.database
            .prepare<[], StreamDatabaseRow>('SELECT * FROM monotable_streams ORDER BY table_name, created_at DESC')
            .all()
        : this.database
            .prepare<[string], StreamDatabaseRow>(
              'SELECT * FROM monotable_streams WHERE table_name = ? ORDER BY created_at DESC',
            )
            .all(tableName);
    return rows.map(streamOf);
  }

  /**
   * Appends the record of one change of an item of `table` (whose stream is enabled), or
   * none when the write changes nothing: a put of an equal item, a delete of a missing one.
   * Call inside the write transaction that stores the change.
   */
  append(table: StoredTableDefinition, stream: TableStream, change: ItemChange, origin: ChangeOrigin): void {
    const { before, after } = change;
    if (before === undefined && after === undefined) return;
    if (before !== undefined && after !== undefined && unchanged(change)) return;
    const eventName: StreamEventName = before === undefined ? 'INSERT' : after === undefined ? 'REMOVE' : 'MODIFY';
    const view = stream.viewType;
    const keys = keysOf(table, (after ?? before) as Item);
    const newImage = after !== undefined && (view === 'NEW_IMAGE' || view === 'NEW_AND_OLD_IMAGES') ? after : undefined;
    const oldImage =
      before !== undefined && (view === 'OLD_IMAGE' || view === 'NEW_AND_OLD_IMAGES') ? before : undefined;
    const size =
      itemSize(keys) +
      (newImage ? (change.afterSize ?? itemSize(newImage)) : 0) +
      (oldImage ? (change.beforeSize ?? itemSize(oldImage)) : 0);
    const createdAt = Math.floor(this.now());
    const shard = this.shardFor(stream, createdAt);
    this.insertRecord.run(
      stream.id,
      shard,
      createdAt,
      eventName,
      JSON.stringify(keys),
      newImage ? (change.afterText ?? JSON.stringify(newImage)) : null,
      oldImage ? (change.beforeText ?? JSON.stringify(oldImage)) : null,
      size,
      origin === 'timeToLive' ? TTL_IDENTITY : null,
    );
    this.appendedSinceNotice = true;
  }

  /**
   * Calls `listener` (asynchronously) after each write transaction of this connection that
   * appended stream records, once it has ended. Other processes writing the file are not
   * seen: readers poll for those. Returns the unsubscribe function.
   */
  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Storage calls this when its outermost write transaction ends (committed or not: a
   * wake-up for a rolled-back record only costs the reader an empty read).
   */
  transactionEnded(): void {
    if (!this.appendedSinceNotice) return;
    this.appendedSinceNotice = false;
    if (this.listeners.size === 0 || this.noticePending) return;
    // Later in this turn of the event loop, after the caller's write returned: many
    // writes in one synchronous run make one notice.
    this.noticePending = true;
    queueMicrotask(this.notify);
  }

  private noticePending = false;

  private readonly notify = (): void => {
    this.noticePending = false;
    for (const listener of [...this.listeners]) listener();
  };

  /**
   * Shards never go back: a record lands in the open shard of its time, or a later one
   * already in use (a process whose clock runs behind another's). The latest shard in use
   * is read once per stream and connection, and again whenever the window moves on:
   * processes sharing a file share the machine's clock, so another one can only have
   * opened a later window, which this one reads when its own window reaches it.
   */
  private shardFor(stream: TableStream, createdAt: number): number {
    const window = Math.max(0, Math.floor((createdAt - stream.createdAt) / stream.shardDurationMs));
    let last = this.lastShards.get(stream.id);
    if (last === undefined || last < window) last = this.selectLastShard.get(stream.id) ?? 0;
    const shard = Math.max(window, last);
    this.lastShards.set(stream.id, shard);
    return shard;
  }

  /** The latest shard this connection wrote to or saw, per stream id. */
  private readonly lastShards = new Map<number, number>();

  /** The latest shard ordinal a record of the stream went to (0 when none did). */
  lastShard(streamId: number): number {
    if (!this.hasTables) return 0;
    return this.selectLastShard.get(streamId) ?? 0;
  }

  /** Records of one shard after `afterSeq`, in sequence order, at most `limit`. */
  records(streamId: number, shard: number, afterSeq: number, limit: number): StoredRecordRow[] {
    if (!this.hasTables) return [];
    this.selectRecordsStatement ??= this.database
      .prepare<[number, number, number, number], StoredRecordRow>(
        `SELECT seq, created_at, event_name, keys, new_image, old_image, size, user_identity
         FROM monotable_stream_records WHERE stream_id = ? AND shard = ? AND seq > ? ORDER BY seq LIMIT ? + 0`,
      )
      .raw();
    return this.selectRecordsStatement.all(streamId, shard, afterSeq, limit);
  }

  /** The shards holding records created at or after `notBefore`, in order. */
  shardSpans(streamId: number, notBefore: number): ShardSpan[] {
    if (!this.hasTables) return [];
    return this.database
      .prepare<[number, number], ShardSpan>(
        `SELECT shard, min(seq) AS firstSeq, max(seq) AS lastSeq FROM monotable_stream_records
         WHERE stream_id = ? AND created_at >= ? GROUP BY shard ORDER BY shard`,
      )
      .all(streamId, notBefore);
  }

  /** The highest sequence number ever assigned (0 when none): the newest record's, which trimming keeps. */
  lastSequence(): number {
    if (!this.hasTables) return 0;
    const value = this.database
      .prepare<[], number | null>('SELECT max(seq) FROM monotable_stream_records')
      .pluck()
      .get();
    return value ?? 0;
  }

  /**
   * Deletes up to `limit` of the oldest records created before `before` (past retention);
   * returns how many. Records are in seq order, which is creation order. The newest record
   * of the file stays, whatever its age: it holds the largest sequence number, which the
   * next one must exceed (createStreamTables). Readers skip records past retention anyway.
   */
  trim(before: number, limit = 1000): number {
    if (!this.hasTables) return 0;
    const first = this.database
      .prepare<[], number | undefined>('SELECT created_at FROM monotable_stream_records ORDER BY seq LIMIT 1')
      .pluck()
      .get();
    if (first === undefined || first >= before) return 0;
    const oldest = this.database
      .prepare<[number], { seq: number; created_at: number }>(
        `SELECT seq, created_at FROM monotable_stream_records
         WHERE seq < (SELECT max(seq) FROM monotable_stream_records) ORDER BY seq LIMIT ?`,
      )
      .all(limit);
    let last = 0;
    for (const row of oldest) {
      if (row.created_at >= before) break;
      last = row.seq;
    }
    if (last === 0) return 0;
    return this.database.prepare('DELETE FROM monotable_stream_records WHERE seq <= ?').run(last).changes;
  }
}

/**
 * Whether a put leaves the item as it was (no record then). Equal stored texts are equal
 * items, and different sizes different ones; only otherwise are the items compared.
 */
function unchanged(change: ItemChange): boolean {
  if (change.beforeText !== undefined && change.beforeText === change.afterText) return true;
  if (change.beforeSize !== undefined && change.afterSize !== undefined && change.beforeSize !== change.afterSize)
    return false;
  return itemsEqual(change.before as Item, change.after as Item);
}
