import type Database from 'better-sqlite3';
import type { Item } from '../values/attribute-value.js';
import { itemSize } from '../values/index.js';
import { itemsEqual } from '../values/items-equal.js';
import type { TableDefinition, TableStream } from './storage.js';

/*
 * The stream records of every table, in two ordinary SQLite tables of the file (readable
 * with the sqlite3 shell):
 *
 *   monotable_streams         one row per stream ever enabled (a table's enable mints a new one);
 *                             disabled_at is set when it is disabled or its table deleted
 *   monotable_stream_records  one row per change: seq (the sequence number, assigned inside the
 *                             write transaction of the change, so commit order), stream_id,
 *                             shard, created_at (epoch ms), event_name, keys / new_image /
 *                             old_image (DynamoDB JSON, images as the view type keeps them),
 *                             size (SizeBytes), user_identity (JSON, TTL deletions)
 *
 * A record is appended by the same storage call that changes the item, inside its write
 * transaction: after a crash there is no change without its record, nor the reverse.
 */

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

/** One stream record as stored. */
export interface StoredStreamRecord {
  readonly seq: number;
  readonly shard: number;
  readonly createdAt: number;
  readonly eventName: StreamEventName;
  readonly keys: string;
  readonly newImage: string | null;
  readonly oldImage: string | null;
  readonly size: number;
  readonly userIdentity: string | null;
}

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

/** Creates the stream tables if the file has none yet (inside the opening transaction). */
export function createStreamTables(database: Database.Database): void {
  database.exec(`
    CREATE TABLE IF NOT EXISTS monotable_streams (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      table_name TEXT NOT NULL,
      label TEXT NOT NULL,
      view_type TEXT NOT NULL,
      key_schema TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      disabled_at INTEGER,
      shard_duration INTEGER NOT NULL,
      UNIQUE (table_name, label)
    );
    CREATE TABLE IF NOT EXISTS monotable_stream_records (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      stream_id INTEGER NOT NULL,
      shard INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      event_name TEXT NOT NULL,
      keys TEXT NOT NULL,
      new_image TEXT,
      old_image TEXT,
      size INTEGER NOT NULL,
      user_identity TEXT
    );
    CREATE INDEX IF NOT EXISTS monotable_stream_records_by_shard ON monotable_stream_records (stream_id, shard, seq);
  `);
}

/** `YYYY-MM-DDTHH:MM:SS.mmm` in UTC, without zone: DynamoDB's stream label. */
export function streamLabelAt(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 23);
}

function keysOf(table: TableDefinition, item: Item): Item {
  const keys: Item = {};
  keys[table.partitionKey.name] = item[table.partitionKey.name];
  if (table.sortKey) keys[table.sortKey.name] = item[table.sortKey.name];
  return keys;
}

/** Reads and appends stream records; one per storage connection, statements prepared once. */
export class StreamLog {
  private readonly insertRecord: Database.Statement;
  private readonly selectLastShard: Database.Statement<[number], number | null>;
  private readonly selectRecords: Database.Statement<[number, number, number, number]>;
  private readonly selectStream: Database.Statement<[number], StreamDatabaseRow>;

  constructor(
    private readonly database: Database.Database,
    private readonly now: () => number,
  ) {
    this.insertRecord = database.prepare(
      `INSERT INTO monotable_stream_records (stream_id, shard, created_at, event_name, keys, new_image, old_image, size, user_identity)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.selectLastShard = database
      .prepare<[number], number | null>('SELECT max(shard) FROM monotable_stream_records WHERE stream_id = ?')
      .pluck();
    this.selectRecords = database.prepare(
      `SELECT seq, shard, created_at AS createdAt, event_name AS eventName, keys, new_image AS newImage,
              old_image AS oldImage, size, user_identity AS userIdentity
       FROM monotable_stream_records WHERE stream_id = ? AND shard = ? AND seq > ? ORDER BY seq LIMIT ? + 0`,
    );
    this.selectStream = database.prepare<[number], StreamDatabaseRow>('SELECT * FROM monotable_streams WHERE id = ?');
  }

  /** Registers a new stream of `table` (inside the caller's write transaction); label from `createdAt`, unique per table. */
  createStream(table: TableDefinition, viewType: StreamViewType, createdAt: number, shardDurationMs: number): TableStream {
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
    return { id: Number(result.lastInsertRowid), label, viewType, createdAt: at, shardDurationMs: Math.max(1, Math.floor(shardDurationMs)) };
  }

  disableStream(id: number, at: number): void {
    this.database.prepare('UPDATE monotable_streams SET disabled_at = ? WHERE id = ? AND disabled_at IS NULL').run(at, id);
  }

  stream(id: number): StreamRow | undefined {
    const row = this.selectStream.get(id);
    return row === undefined ? undefined : streamOf(row);
  }

  findStream(tableName: string, label: string): StreamRow | undefined {
    const row = this.database
      .prepare<[string, string], StreamDatabaseRow>('SELECT * FROM monotable_streams WHERE table_name = ? AND label = ?')
      .get(tableName, label);
    return row === undefined ? undefined : streamOf(row);
  }

  /** Every stream, newest first within a table, tables in name order. */
  listStreams(tableName?: string): StreamRow[] {
    const rows =
      tableName === undefined
        ? this.database.prepare<[], StreamDatabaseRow>('SELECT * FROM monotable_streams ORDER BY table_name, created_at DESC').all()
        : this.database
            .prepare<[string], StreamDatabaseRow>('SELECT * FROM monotable_streams WHERE table_name = ? ORDER BY created_at DESC')
            .all(tableName);
    return rows.map(streamOf);
  }

  /**
   * Appends the record of one change of an item of `table` (whose stream is enabled), or
   * none when the write changes nothing: a put of an equal item, a delete of a missing one.
   * Call inside the write transaction that stores the change.
   */
  append(
    table: TableDefinition,
    stream: TableStream,
    before: Item | undefined,
    after: Item | undefined,
    origin: ChangeOrigin,
    /** `JSON.stringify(after)`, when the caller has it already. */
    afterText?: string,
    /** `itemSize(after)`, when the caller has it already. */
    afterSize?: number,
  ): void {
    if (before === undefined && after === undefined) return;
    if (before !== undefined && after !== undefined && itemsEqual(before, after)) return;
    const eventName: StreamEventName = before === undefined ? 'INSERT' : after === undefined ? 'REMOVE' : 'MODIFY';
    const view = stream.viewType;
    const keys = keysOf(table, (after ?? before) as Item);
    const newImage = after !== undefined && (view === 'NEW_IMAGE' || view === 'NEW_AND_OLD_IMAGES') ? after : undefined;
    const oldImage = before !== undefined && (view === 'OLD_IMAGE' || view === 'NEW_AND_OLD_IMAGES') ? before : undefined;
    const size = itemSize(keys) + (newImage ? (afterSize ?? itemSize(newImage)) : 0) + (oldImage ? itemSize(oldImage) : 0);
    const createdAt = Math.floor(this.now());
    const shard = this.shardFor(stream, createdAt);
    this.insertRecord.run(
      stream.id,
      shard,
      createdAt,
      eventName,
      JSON.stringify(keys),
      newImage ? (afterText ?? JSON.stringify(newImage)) : null,
      oldImage ? JSON.stringify(oldImage) : null,
      size,
      origin === 'timeToLive' ? TTL_IDENTITY : null,
    );
  }

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
    return this.selectLastShard.get(streamId) ?? 0;
  }

  /** Records of one shard after `afterSeq`, in sequence order, at most `limit`. */
  records(streamId: number, shard: number, afterSeq: number, limit: number): StoredStreamRecord[] {
    return this.selectRecords.all(streamId, shard, afterSeq, limit) as StoredStreamRecord[];
  }

  /** The shards holding records created at or after `notBefore`, in order. */
  shardSpans(streamId: number, notBefore: number): ShardSpan[] {
    return this.database
      .prepare<[number, number], ShardSpan>(
        `SELECT shard, min(seq) AS firstSeq, max(seq) AS lastSeq FROM monotable_stream_records
         WHERE stream_id = ? AND created_at >= ? GROUP BY shard ORDER BY shard`,
      )
      .all(streamId, notBefore);
  }

  /** The highest sequence number ever assigned (0 when none). */
  lastSequence(): number {
    const value = this.database
      .prepare<[], number | undefined>(`SELECT seq FROM sqlite_sequence WHERE name = 'monotable_stream_records'`)
      .pluck()
      .get();
    return value ?? 0;
  }

  /**
   * Deletes up to `limit` of the oldest records created before `before` (past retention);
   * returns how many. Records are in seq order, which is creation order.
   */
  trim(before: number, limit = 1000): number {
    const first = this.database
      .prepare<[], number | undefined>('SELECT created_at FROM monotable_stream_records ORDER BY seq LIMIT 1')
      .pluck()
      .get();
    if (first === undefined || first >= before) return 0;
    const oldest = this.database
      .prepare<[number], { seq: number; created_at: number }>(
        'SELECT seq, created_at FROM monotable_stream_records ORDER BY seq LIMIT ?',
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
