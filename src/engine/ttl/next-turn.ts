/**
 * Resolves on the next turn of the event loop, after the I/O callbacks already queued:
 * what background work (reaps, backfills) awaits between its slices, so that requests
 * waiting on this process are served in between.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
