import type { EngineContext } from '../operations/operation.js';
import { SliceBudget, type SliceLimits } from '../storage/slice-limits.js';
import { nextTurn } from './next-turn.js';
import { RETENTION_MS as STREAM_RETENTION_MS } from '../operations/streams/shards.js';

/** Items read per lookup inside a slice. */
export const REAP_BATCH_SIZE = 100;

/** How much one reap slice may do (items deleted, milliseconds): see {@link SliceLimits}. */
export type ReapSliceLimits = SliceLimits;

/** The background reaper's slices: at most 500 items or 5 ms each. */
export const REAP_SLICE_LIMITS: ReapSliceLimits = { maxRows: 500, maxMs: 5 };

/** DynamoDB leaves items alone whose TTL lies more than five years in the past. */
const ignoredAgeSeconds = 5 * 365 * 24 * 60 * 60;

/** Stream records dropped per slice once past their retention. */
const TRIM_SLICE_ROWS = 500;

/**
 * Deletes the items whose TTL attribute (a Number of epoch seconds) is at or before
 * `context.now()`, on every table with TTL enabled, removing them from every index (and
 * writing their TTL-deletion stream records). Values more than five years in the past, and
 * TTL attributes of any other type, are ignored, as DynamoDB ignores them.
 *
 * Runs every slice at once; {@link reapExpiredItemsInSlices} yields between them.
 *
 * @returns how many items were deleted.
 * @example
 * const deleted = reapExpiredItems(engine.context);
 */
export function reapExpiredItems(context: EngineContext, limits: ReapSliceLimits = REAP_SLICE_LIMITS): number {
  let deleted = 0;
  for (const slice of reapSlices(context, limits)) deleted += slice;
  return deleted;
}

/**
 * As {@link reapExpiredItems}, but awaits `pause` between slices so that requests are
 * served while a large reap runs; each slice, commit included, takes about `limits.maxMs`
 * (SliceBudget). Stops early (returning what it deleted) once `stopped()`
 * says so, e.g. when the engine closes.
 *
 * @example
 * await reapExpiredItemsInSlices(engine.context);
 */
export async function reapExpiredItemsInSlices(
  context: EngineContext,
  limits: ReapSliceLimits = REAP_SLICE_LIMITS,
  stopped: () => boolean = () => false,
  pause: () => Promise<void> = nextTurn,
): Promise<number> {
  let deleted = 0;
  // Read by each slice as it starts: its time budget follows how long whole slices take.
  const budget = new SliceBudget(limits);
  const slices = reapSlices(context, budget);
  for (;;) {
    if (stopped()) {
      slices.return(undefined);
      return deleted;
    }
    const started = performance.now();
    const next = slices.next();
    if (next.done) return deleted;
    budget.took(performance.now() - started);
    deleted += next.value;
    await pause();
    await context.storage.walBounded?.();
  }
}

/**
 * The reap as a sequence of write transactions, each yielding how many items it deleted.
 * Nothing is held between slices: each finds its candidates afresh.
 */
function* reapSlices(context: EngineContext, limits: ReapSliceLimits): Generator<number, void, undefined> {
  const storage = context.storage;
  const nowSeconds = context.now() / 1000;
  for (const name of storage.listTableNames()) {
    const table = storage.getTable(name);
    // While its TTL column is being recomputed (a backfill), the table waits for the next reap.
    if (!table?.timeToLive?.enabled || table.backfills?.timeToLive) continue;
    for (;;) {
      const slice = storage.writeTransaction(() => reapSlice(context, name, nowSeconds, limits));
      yield slice.deleted;
      if (slice.finished) break;
    }
  }
  const before = context.now() - STREAM_RETENTION_MS;
  while (storage.writeTransaction(() => storage.streams.trim(before, TRIM_SLICE_ROWS)) === TRIM_SLICE_ROWS) yield 0;
}

/** One slice on one table, inside its write transaction. `finished` when no expired item is left. */
function reapSlice(
  context: EngineContext,
  tableName: string,
  nowSeconds: number,
  limits: ReapSliceLimits,
): { deleted: number; finished: boolean } {
  const storage = context.storage;
  // Found and deleted in one transaction: an item rewritten meanwhile is judged afresh.
  const table = storage.getTable(tableName);
  if (!table?.timeToLive?.enabled || table.backfills?.timeToLive) return { deleted: 0, finished: true };
  const started = performance.now();
  let deleted = 0;
  for (;;) {
    const wanted = Math.min(REAP_BATCH_SIZE, limits.maxRows - deleted);
    const expired = storage.expiredItems(table, nowSeconds, nowSeconds - ignoredAgeSeconds, wanted);
    for (const item of expired) {
      storage.deleteItem(table, item.item, { previous: item, origin: 'timeToLive' });
      deleted++;
      if (performance.now() - started >= limits.maxMs) return { deleted, finished: false };
    }
    if (expired.length < wanted) return { deleted, finished: true };
    if (deleted >= limits.maxRows) return { deleted, finished: false };
  }
}
