import type * as Database from './sqlite-driver.js';

/*
 * The stream records of every table, in two ordinary SQLite tables of the file (readable
 * with the sqlite3 shell):
 *
 *   monotable_streams         one row per stream ever enabled (a table's enable mints a new one);
 *                             disabled_at is set when it is disabled or its table deleted
 *   monotable_stream_records  one row per change: seq (the sequence number: the rowid SQLite
 *                             assigns inside the write transaction of the change, so commit
 *                             order; trimming keeps the newest record so it never goes back),
 *                             stream_id,
 *                             shard, created_at (epoch ms), event_name, keys / new_image /
 *                             old_image (DynamoDB JSON, images as the view type keeps them),
 *                             size (SizeBytes), user_identity (JSON, TTL deletions)
 *
 * A record is appended by the same storage call that changes the item, inside its write
 * transaction: after a crash there is no change without its record, nor the reverse.
 *
 * An engine that never enables a stream pays nothing for this: statements are prepared on
 * first use, and a private in-memory database creates the two tables with its first stream.
 */

/**
 * Creates the stream tables if the file has none yet (inside the opening transaction).
 * `seq` is a plain INTEGER PRIMARY KEY, not AUTOINCREMENT: AUTOINCREMENT writes its
 * counter to `sqlite_sequence` with every insert, a second b-tree write per record. A
 * rowid is one more than the largest in the table, so it increases as long as the newest
 * record stays, which {@link StreamLog.trim} sees to. Files made when the column was
 * AUTOINCREMENT keep it; both number records the same way.
 */
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
      seq INTEGER PRIMARY KEY,
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
