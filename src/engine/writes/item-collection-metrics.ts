import type { Storage, StoredTableDefinition } from '../storage/storage.js';
import type { Item } from '../values/attribute-value.js';

/** One `ItemCollectionMetrics` entry as DynamoDB answers it. */
export interface ItemCollectionMetrics {
  readonly ItemCollectionKey: Item;
  readonly SizeEstimateRangeGB: [number, number];
}

const bytesPerGigabyte = 1024 * 1024 * 1024;

/**
 * The size estimate of the item collection (all items sharing a partition key value)
 * that `key` belongs to. DynamoDB only reports these for tables with local secondary
 * indexes, where the 10 GB collection limit applies; `undefined` otherwise.
 * Must run after the write, inside the same transaction, to see the new size.
 */
export function itemCollectionMetrics(
  storage: Storage,
  table: StoredTableDefinition,
  key: Item,
): ItemCollectionMetrics | undefined {
  if (table.localIndexes.length === 0) return undefined;
  const partitionValue = key[table.partitionKey.name];
  let bytes = 0;
  for (const item of storage.queryItems(table, { partitionValues: [partitionValue], forward: true }))
    bytes += item.size;
  // DynamoDB answers a 1 GB wide range around the size, e.g. [0.0, 1.0] for a small collection.
  const lower = Math.floor(bytes / bytesPerGigabyte);
  return { ItemCollectionKey: { [table.partitionKey.name]: partitionValue }, SizeEstimateRangeGB: [lower, lower + 1] };
}

/** A write whose item collection is reported: its table, by definition and by request name. */
interface WrittenKey {
  readonly table: StoredTableDefinition;
  readonly tableName: string;
  readonly key: Item;
}

/**
 * `ItemCollectionMetrics` by table for the items written, as BatchWriteItem and
 * TransactWriteItems answer them; `undefined` when no table has a local index.
 */
export function itemCollectionMetricsByTable(
  storage: Storage,
  writes: Iterable<WrittenKey>,
): Record<string, ItemCollectionMetrics[]> | undefined {
  let metrics: Record<string, ItemCollectionMetrics[]> | undefined;
  for (const write of writes) {
    const entry = itemCollectionMetrics(storage, write.table, write.key);
    if (entry) ((metrics ??= {})[write.tableName] ??= []).push(entry);
  }
  return metrics;
}
