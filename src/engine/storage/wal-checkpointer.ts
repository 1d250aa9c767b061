import { packageRequire } from '../../shared/package-require.js';
import { Worker } from 'node:worker_threads';
import type * as Database from './sqlite-driver.js';

/**
 * How often the checkpointing thread copies the write-ahead log into the database file (ms):
 * soon again after a checkpoint that found pages to copy (a large reap writes some 300 pages
 * a slice, 50 MB a second), rarely while the file is idle, so that it costs next to nothing.
 */
const BUSY_INTERVAL_MS = 10;
const IDLE_INTERVAL_MS = 100;

/**
 * The engine connection's own automatic checkpoint while the thread runs, in pages: a
 * safety net only, far above what the WAL reaches between two of the thread's checkpoints,
 * so that the WAL stays bounded (about 80 MB at 4 KiB pages) should the thread lag.
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;

/** SQLite's default, restored when the thread is gone (it died, or could not start). */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;

/**
 * The WAL size (pages) past which background work waits between slices for the thread to
 * catch up. A checkpoint running beside a steady writer never reaches the WAL's end, and
 * SQLite starts the WAL over only when one did, so without a pause the WAL of a long reap
 * would grow as long as the reap. Requests never wait.
 */
const BOUND_PAGES = 2_000;

/** How often background work waiting for the thread looks again (ms), and for how long at most. */
const BOUND_POLL_MS = 5;
const BOUND_WAIT_MS = 2_000;

/** How long `stop()` waits for the thread to close its connection (ms). */
const STOP_WAIT_MS = 5_000;

/**
 * The words shared with the thread: its state; then, as of its last checkpoint, the WAL's
 * pages and how many of them are checkpointed; then how many checkpoints it has run.
 */
const STATE = 0;
const WAL_PAGES = 1;
const CHECKPOINTED_PAGES = 2;
const CHECKPOINTS = 3;
/** The state's values. */
const RUNNING = 0;
const STOP_REQUESTED = 1;
const STOPPED = 2;

/**
 * The thread's source, evaluated as a CommonJS script so that the same text runs under tsx,
 * vitest, the built `dist/` and the bundled command line alike (no file of its own to find).
 * It only loads better-sqlite3 (by the path the engine resolved) and sleeps on the shared
 * control word between checkpoints, so a stop request wakes it at once.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const control = new Int32Array(workerData.control);
let database;
let intervalMs = workerData.idleIntervalMs;
try {
  const Database = require(workerData.betterSqlite3);
  database = new Database(workerData.path, { timeout: workerData.busyTimeoutMs });
  while (Atomics.load(control, 0) === ${RUNNING}) {
    // Woken early by a stop request, or by background work waiting for the WAL to shrink.
    Atomics.wait(control, 0, ${RUNNING}, intervalMs);
    if (Atomics.load(control, 0) !== ${RUNNING}) break;
    try {
      // PASSIVE: never waits for a writer or a reader, never blocks one.
      const [result] = database.pragma('wal_checkpoint(PASSIVE)');
      // Soon again while the WAL moves; rarely once a checkpoint found it as the last one left it.
      const logBefore = Atomics.exchange(control, ${WAL_PAGES}, result.log);
      const checkpointedBefore = Atomics.exchange(control, ${CHECKPOINTED_PAGES}, result.checkpointed);
      const moved = result.log !== logBefore || result.checkpointed !== checkpointedBefore;
      intervalMs = moved ? workerData.busyIntervalMs : workerData.idleIntervalMs;
      Atomics.add(control, ${CHECKPOINTS}, 1);
    } catch {
      // Busy or locked by another process's checkpoint: the next turn tries again.
    }
  }
} finally {
  if (database !== undefined) database.close();
  Atomics.store(control, 0, ${STOPPED});
  Atomics.notify(control, 0);
}
`;

/**
 * Copies a file database's write-ahead log into the file from a thread of its own, with a
 * connection of its own, so that no request and no background slice on the engine's
 * thread pays for a checkpoint (its page writes and fsync). SQLite otherwise checkpoints
 * inside the COMMIT that takes the WAL past 1,000 pages, which made some slices of a large
 * reap or backfill take 50 to 100 ms on a file (docs/engine-internals.md, background work).
 *
 * Several processes on one file each run their own: checkpoints take SQLite's checkpoint
 * lock, so they never overlap and never change what any connection reads.
 *
 * @example
 * const checkpointer = WalCheckpointer.start(database, 'app.db', 10_000);
 * // …
 * checkpointer.stop(); // before database.close()
 */
export class WalCheckpointer {
  private stopped = false;
  /** The thread's checkpoint count when background work last stopped waiting for it. */
  private reportsSeenUntil = 0;

  private constructor(
    private readonly database: Database.Database,
    private readonly worker: Worker,
    private readonly control: Int32Array,
  ) {}

  /** Starts the thread for the file at `path`, which `database` (the engine's connection) has open in WAL mode. */
  static start(database: Database.Database, path: string, busyTimeoutMs: number): WalCheckpointer | undefined {
    const control = new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT));
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, {
        eval: true,
        // None of the process's flags: `--input-type=module` would make the source a module
        // without `require`, and loaders such as tsx's are not needed to load better-sqlite3.
        execArgv: [],
        workerData: {
          betterSqlite3: packageRequire.resolve('better-sqlite3'),
          path,
          busyTimeoutMs,
          busyIntervalMs: BUSY_INTERVAL_MS,
          idleIntervalMs: IDLE_INTERVAL_MS,
          control: control.buffer,
        },
      });
    } catch {
      return undefined; // No thread: SQLite's own automatic checkpoints stay on.
    }
    // The thread never keeps a process alive: a program that exits without closing its
    // engine leaves at most an unmerged WAL, which the next connection merges.
    worker.unref();
    database.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    const checkpointer = new WalCheckpointer(database, worker, control);
    worker.on('error', () => checkpointer.threadGone());
    worker.on('exit', () => checkpointer.threadGone());
    return checkpointer;
  }

  /**
   * Whether the WAL was past its bound at the thread's last checkpoint, one run after the
   * last wait ended (an older report tells of a WAL that has since started over).
   */
  private backlogged(): boolean {
    if (this.stopped) return false;
    return (
      Atomics.load(this.control, CHECKPOINTS) > this.reportsSeenUntil &&
      Atomics.load(this.control, WAL_PAGES) >= BOUND_PAGES
    );
  }

  /**
   * `undefined` while the WAL is under its bound. Otherwise wakes the thread and resolves
   * once a checkpoint that started after the call reached the WAL's end (the next write
   * then starts the WAL over), once the thread is gone, or after two seconds (the fallback
   * automatic checkpoint then bounds the WAL).
   */
  walBounded(): Promise<void> | undefined {
    if (!this.backlogged()) return undefined;
    // A checkpoint running now may have started before the last write: the one after it counts.
    const after = Atomics.load(this.control, CHECKPOINTS) + 1;
    Atomics.notify(this.control, STATE);
    const deadline = performance.now() + BOUND_WAIT_MS;
    return new Promise((resolve) => {
      const look = () => {
        const checkpoints = Atomics.load(this.control, CHECKPOINTS);
        const caughtUp =
          checkpoints > after &&
          Atomics.load(this.control, CHECKPOINTED_PAGES) >= Atomics.load(this.control, WAL_PAGES);
        if (caughtUp || this.stopped || performance.now() > deadline) {
          this.reportsSeenUntil = checkpoints;
          resolve();
        } else {
          Atomics.notify(this.control, STATE);
          setTimeout(look, BOUND_POLL_MS);
        }
      };
      setTimeout(look, BOUND_POLL_MS);
    });
  }

  /**
   * Stops the thread and waits (at most a few seconds) until its connection is closed, so
   * that the engine's own close, as the last connection, merges the WAL into the file.
   */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (Atomics.compareExchange(this.control, STATE, RUNNING, STOP_REQUESTED) === RUNNING) {
      Atomics.notify(this.control, STATE);
    }
    // A thread still starting has not opened its connection yet: it sees the request and ends.
    Atomics.wait(this.control, STATE, STOP_REQUESTED, STOP_WAIT_MS);
    void this.worker.terminate();
  }

  /** The thread died or ended on its own: the engine's connection checkpoints as SQLite does by default. */
  private threadGone(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.database.open) this.database.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  }
}
