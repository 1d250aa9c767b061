import type { CloudOptions } from './cloud/cloud-options.js';

/** The options of `new Engine(options)` (engine.ts). */
export interface EngineOptions {
  /**
   * SQLite file to open or create. Omit (or set `inMemory`) for a private in-memory database.
   * Its folder must exist, except a missing `.monotable/` folder, which is created. A file that
   * cannot be opened throws {@link SqliteFileError}, naming the file, the cause and what to do.
   */
  readonly path?: string;
  readonly inMemory?: boolean;
  /**
   * Open `path` to read it only: nothing is written to the file or beside it (no `-wal` or
   * `-shm` files are left), so a read-only file, folder or file system is fine. A file in WAL
   * mode that no other connection has open is read into memory for that (SQLite would create
   * `-wal` and `-shm` to read it in place; files over 2 GiB are read in place all the same).
   * The file must be in the current storage format (migrating writes). Writes are answered
   * `AccessDeniedException`; the TTL reaper and index backfills do not run. Default false.
   *
   * @example
   * const engine = new Engine({ path: 'app.sqlite', readOnly: true });
   */
  readonly readOnly?: boolean;
  /** Clock in epoch milliseconds; tests inject one to move time. Default `Date.now`. */
  readonly now?: () => number;
  /** How often expired TTL items are reaped, in ms; 0 disables the background reaper. Default 5000. */
  readonly ttlReapIntervalMs?: number;
  readonly region?: string;
  readonly accountId?: string;
  /**
   * How long a stream shard stays open before it closes and a child shard takes over, in
   * ms (default four hours, as DynamoDB "on average"). Short values exercise consumers
   * that follow shard lineage.
   */
  readonly streamShardDurationMs?: number;
  /**
   * The cloud's behaviour, opt-in (docs/cloud-behaviour.md): eventually consistent reads,
   * transaction conflicts, injected faults, driven by the clock `now` and a seed. Absent
   * (the default), none of it runs. Options that cannot be used throw `CloudOptionsError`
   * naming the option.
   *
   * @example
   * new Engine({ inMemory: true, cloud: { seed: 7, transactions: { inFlightMs: 100 } } });
   */
  readonly cloud?: CloudOptions;
}
