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

/**
 * The slice UpdateTable and UpdateTimeToLive run themselves: bounded by rows alone, so that
 * a small table's backfill is done in it (its index ACTIVE at once) however slow the
 * machine is at that moment.
 */
export const FIRST_BACKFILL_SLICE_LIMITS: SliceLimits = { maxRows: BACKFILL_SLICE_LIMITS.maxRows, maxMs: Infinity };

/** The least time a slice's work is given, so that it always makes progress. */
const LEAST_WORK_MS = 0.5;

/**
 * Limits whose time budget adapts so that a whole slice, its COMMIT included, takes about
 * `limits.maxMs`. The limits bound the work inside the transaction; on a file the commit
 * writes every page the slice dirtied to the WAL (and now and then checkpoints it), which
 * for index inserts measured more than the work itself. After each slice, `took` scales
 * the work's budget by how far the whole slice missed, never above `limits.maxMs`.
 *
 * @example
 * const budget = new SliceBudget(BACKFILL_SLICE_LIMITS);
 * const started = performance.now();
 * storage.backfillSlice(budget);
 * budget.took(performance.now() - started);
 */
export class SliceBudget implements SliceLimits {
  private workMs: number;

  constructor(private readonly limits: SliceLimits) {
    this.workMs = limits.maxMs;
  }

  get maxRows(): number {
    return this.limits.maxRows;
  }

  get maxMs(): number {
    return this.workMs;
  }

  /** After a slice that took `ms` in all. */
  took(ms: number): void {
    const scale = Math.min(2, this.limits.maxMs / Math.max(ms, 0.01));
    this.workMs = Math.min(this.limits.maxMs, Math.max(LEAST_WORK_MS, this.workMs * scale));
  }
}
