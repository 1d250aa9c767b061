/**
 * How much one slice of background work (a TTL reap, a backfill) may do. A slice is one
 * write transaction, so these bound how long SQLite's write lock is held and how long
 * requests on this process wait for the event loop.
 *
 * @example
 * const limits: SliceLimits = { maxRows: 500, maxMs: 5 };
 */
export interface SliceLimits {
  /** Rows handled per slice at most. */
  readonly maxRows: number;
  /** Milliseconds per slice at most (checked after each row). */
  readonly maxMs: number;
}

/** Where a slice over a table's rows stopped: rows are visited in rowid order. */
export interface SliceProgress {
  /** The rowid of the last row handled (the next slice starts after it). */
  readonly lastRowid: number;
  /** No row is left after `lastRowid`. */
  readonly finished: boolean;
}

/** A backfill's slices: at most 500 rows or 5 ms each, as the TTL reaper's. */
export const BACKFILL_SLICE_LIMITS: SliceLimits = { maxRows: 500, maxMs: 5 };
