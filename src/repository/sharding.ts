import { matchesAttributes, type EntityIndexDefinition } from '../model/entity.js';

/**
 * Write sharding of hot index partitions. The shard of an item is a stable hash of its primary key,
 * so rewriting an item (a transition back into a sharded status) lands it in the same shard and a
 * transition can compute the new index key without reading the item.
 */

/** The shard count that applies to an index partition with these key values, or undefined. */
export function shardCountFor(
  index: EntityIndexDefinition,
  values: Readonly<Record<string, unknown>>,
): number | undefined {
  if (!index.shards) return undefined;
  return matchesAttributes(index.shards.only, values) ? index.shards.count : undefined;
}

/** 32-bit FNV-1a of the primary key, modulo `count`. */
export function shardOf(partitionKey: string, sortKey: string, count: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(`${partitionKey}\u0000${sortKey}`, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % count;
}

/** `STATUS#running` + shard 3 → `STATUS#running#3`. */
export function shardedPartitionKey(base: string, shard: number, separator: string): string {
  return `${base}${separator}${shard}`;
}
