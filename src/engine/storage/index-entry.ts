import type { AttributeValue, Item } from '../values/attribute-value.js';
import type { IndexDefinition, KeyAttribute, TableDefinition } from './storage.js';
import { setOwnProperty } from '../values/own-property.js';

/** The index key values of an item and the item as the index projects it. */
export interface IndexEntry {
  readonly partitionValue: AttributeValue;
  readonly sortValue: AttributeValue | undefined;
  /** `undefined` for ALL: the stored item itself is the projection. */
  readonly projected: Item | undefined;
}

function keyValueOf(item: Item, key: KeyAttribute): AttributeValue | undefined {
  const value = item[key.name];
  // A key attribute of another type than the index declares keeps the item out of the index.
  return value !== undefined && key.type in value ? value : undefined;
}

/**
 * The entry `item` has in `index`, or `undefined` when the item lacks an index key
 * attribute (or has it with another type): indexes are sparse.
 */
export function indexEntryOf(table: TableDefinition, index: IndexDefinition, item: Item): IndexEntry | undefined {
  const partitionValue = keyValueOf(item, index.partitionKey);
  if (partitionValue === undefined) return undefined;
  let sortValue: AttributeValue | undefined;
  if (index.sortKey) {
    sortValue = keyValueOf(item, index.sortKey);
    if (sortValue === undefined) return undefined;
  }
  if (index.projection.type === 'ALL') return { partitionValue, sortValue, projected: undefined };
  return { partitionValue, sortValue, projected: projectForIndex(table, index, item) };
}

/** Whether `item` has an entry in `index` ({@link indexEntryOf} without building it). */
export function hasIndexEntry(index: IndexDefinition, item: Item): boolean {
  return keyValueOf(item, index.partitionKey) !== undefined && (!index.sortKey || keyValueOf(item, index.sortKey) !== undefined);
}

/** The attributes of `item` that `index` holds: table keys, index keys, and INCLUDE's attributes. */
export function projectForIndex(table: TableDefinition, index: IndexDefinition, item: Item): Item {
  if (index.projection.type === 'ALL') return item;
  const projected: Item = {};
  const keep = (name: string): void => {
    const value = item[name];
    if (value !== undefined) setOwnProperty(projected, name, value);
  };
  keep(table.partitionKey.name);
  if (table.sortKey) keep(table.sortKey.name);
  keep(index.partitionKey.name);
  if (index.sortKey) keep(index.sortKey.name);
  if (index.projection.type === 'INCLUDE') {
    for (const name of index.projection.nonKeyAttributes ?? []) keep(name);
  }
  return projected;
}
