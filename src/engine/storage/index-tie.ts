import type { IndexDefinition, KeyAttribute } from './storage.js';

/**
 * The table key attributes whose hash orders an index's entries with equal index keys (the
 * `tie` column, TableReads.tieOf), as DynamoDB Local orders them: those the index key does
 * not hold. On an LSI (and a GSI keyed on the table's partition key) the table's sort key,
 * on a GSI keyed on the table's sort key the partition key, on any other GSI the whole table
 * key. It depends on the definitions alone, so a store works it out once per index.
 */
export type TieKind = 'sort key' | 'partition key' | 'table key';

export function tieKind(
  index: IndexDefinition,
  partitionKey: KeyAttribute,
  sortKey: KeyAttribute | undefined,
): TieKind {
  const inIndexKey = (name: string) =>
    index.partitionKeys.some((key) => key.name === name) || index.sortKeys.some((key) => key.name === name);
  if (sortKey && inIndexKey(partitionKey.name) && !inIndexKey(sortKey.name)) return 'sort key';
  if (sortKey && inIndexKey(sortKey.name) && !inIndexKey(partitionKey.name)) return 'partition key';
  return 'table key';
}
