import type { EngineContext } from '../operations/operation.js';
import { BACKFILL_SLICE_LIMITS, SliceBudget, type SliceLimits } from '../storage/slice-limits.js';
import { nextTurn } from '../ttl/next-turn.js';

/**
 * Runs the backfills UpdateTable (a new GSI) and UpdateTimeToLive (the TTL column) left
 * pending, every slice at once, and returns how many slices it took. What the TTL reap on
 * demand runs first, so that it sees every item by the current setting.
 *
 * @example
 * runBackfills(engine.context);
 */
export function runBackfills(context: EngineContext, limits: SliceLimits = BACKFILL_SLICE_LIMITS): number {
  let slices = 0;
  while (context.storage.hasPendingBackfills()) {
    context.storage.backfillSlice(limits);
    slices++;
  }
  return slices;
}

/**
 * As {@link runBackfills}, but awaits `pause` before each slice (each its own short write
 * transaction, of about `limits.maxMs` commit included: see SliceBudget), so that requests
 * are served while a large backfill runs, on this process and on others sharing the file. Stops early once `stopped()` says so (the engine closes);
 * what is left continues when an engine next opens the file.
 *
 * @example
 * await runBackfillsInSlices(engine.context);
 */
export async function runBackfillsInSlices(
  context: EngineContext,
  limits: SliceLimits = BACKFILL_SLICE_LIMITS,
  stopped: () => boolean = () => false,
  pause: () => Promise<void> = nextTurn,
): Promise<number> {
  let slices = 0;
  const budget = new SliceBudget(limits);
  // A pause first: the request that started the backfill ran its first slice already.
  for (;;) {
    await pause();
    await context.storage.walBounded?.();
    if (stopped() || !context.storage.hasPendingBackfills()) return slices;
    slices++;
    const started = performance.now();
    const more = context.storage.backfillSlice(budget);
    budget.took(performance.now() - started);
    if (!more) return slices;
  }
}
