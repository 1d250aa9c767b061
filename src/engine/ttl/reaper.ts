import type { EngineContext } from '../operations/operation.js';
import { RETENTION_MS as STREAM_RETENTION_MS } from '../operations/streams/shards.js';

/** Items deleted per write transaction: keeps each hold on the write lock short. */
export const REAP_BATCH_SIZE = 100;

/** DynamoDB leaves items alone whose TTL lies more than five years in the past. */
const ignoredAgeSeconds = 5 * 365 * 24 * 60 * 60;

/**
 * Deletes the items whose TTL attribute (a Number of epoch seconds) is at or before
 * `context.now()`, on every table with TTL enabled, removing them from every index.
 * Values more than five years in the past, and TTL attributes of any other type, are
 * ignored, as DynamoDB ignores them. Works in batches of {@link REAP_BATCH_SIZE}, each
 * its own write transaction, so other writers get the lock between batches.
 *
 * @returns how many items were deleted.
 */
export function reapExpiredItems(context: EngineContext): number {
  const storage = context.storage;
  const nowSeconds = context.now() / 1000;
  let deleted = 0;
  for (const name of storage.listTableNames()) {
    const table = storage.getTable(name);
    if (!table?.timeToLive?.enabled) continue;
    for (;;) {
      const batch = storage.writeTransaction(() => {
        // Found and deleted in one transaction: an item rewritten meanwhile is judged afresh.
        const current = storage.getTable(name);
        if (!current?.timeToLive?.enabled) return 0;
        const expired = storage.expiredItems(current, nowSeconds, nowSeconds - ignoredAgeSeconds, REAP_BATCH_SIZE);
        for (const item of expired) storage.deleteItem(current, item, { previous: item, origin: 'timeToLive' });
        return expired.length;
      });
      deleted += batch;
      if (batch < REAP_BATCH_SIZE) break;
    }
  }
  trimStreamRecords(context);
  return deleted;
}

/** Stream records older than the 24 hours of retention are dropped, a slice per write transaction. */
function trimStreamRecords(context: EngineContext): void {
  const storage = context.storage;
  const before = context.now() - STREAM_RETENTION_MS;
  while (storage.writeTransaction(() => storage.streams.trim(before, 1000)) === 1000);
}
