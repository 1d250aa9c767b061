import type { AttributeValue, Item } from '../values/attribute-value.js';
import type { IndexDefinition, KeyAttribute, StoredTableDefinition } from './storage.js';
import { setOwnProperty } from '../values/own-property.js';

/** The index key values of an item and the item as the index projects it. */
export interface IndexEntry {
  /** One value per partition attribute of the index, in KeySchema order. */
  readonly partitionValues: readonly AttributeValue[];
  /** One value per sort attribute of the index (none without a sort key). */
  readonly sortValues: readonly AttributeValue[];
  /** `undefined` for ALL: the stored item itself is the projection. */
  readonly projected: Item | undefined;
}

function keyValueOf(item: Item, key: KeyAttribute): AttributeValue | undefined {
  const value = item[key.name];
  // A key attribute of another type than the index declares keeps the item out of the index.
  return value !== undefined && key.type in value ? value : undefined;
}

/** The values of `keys` in `item`, or `undefined` when one is missing (or of another type). */
function keyValuesOf(item: Item, keys: readonly KeyAttribute[]): AttributeValue[] | undefined {
  const values: AttributeValue[] = [];
  for (const key of keys) {
    const value = keyValueOf(item, key);
    if (value === undefined) return undefined;
    values.push(value);
  }
  return values;
}

/**
 * The entry `item` has in `index`, or `undefined` when the item lacks an index key
 * attribute (or has it with another type): indexes are sparse, and a multi-attribute key
 * needs every one of its attributes.
 */
export function indexEntryOf(table: StoredTableDefinition, index: IndexDefinition, item: Item): IndexEntry | undefined {
  const partitionValues = keyValuesOf(item, index.partitionKeys);
  if (partitionValues === undefined) return undefined;
  const sortValues = keyValuesOf(item, index.sortKeys);
  if (sortValues === undefined) return undefined;
  if (index.projection.type === 'ALL') return { partitionValues, sortValues, projected: undefined };
  return { partitionValues, sortValues, projected: projectForIndex(table, index, item) };
}

/** Whether `item` has an entry in `index` ({@link indexEntryOf} without building it). */
export function hasIndexEntry(index: IndexDefinition, item: Item): boolean {
  for (const key of index.partitionKeys) if (keyValueOf(item, key) === undefined) return false;
  for (const key of index.sortKeys) if (keyValueOf(item, key) === undefined) return false;
  return true;
}

/** Every key attribute of an index: partition attributes, then sort attributes. */
export function indexKeyAttributes(index: Pick<IndexDefinition, 'partitionKeys' | 'sortKeys'>): KeyAttribute[] {
  return [...index.partitionKeys, ...index.sortKeys];
}

/** The attributes of `item` that `index` holds: table keys, index keys, and INCLUDE's attributes. */
export function projectForIndex(table: StoredTableDefinition, index: IndexDefinition, item: Item): Item {
  if (index.projection.type === 'ALL') return item;
  const projected: Item = {};
  const keep = (name: string): void => {
    const value = item[name];
    if (value !== undefined) setOwnProperty(projected, name, value);
  };
  keep(table.partitionKey.name);
  if (table.sortKey) keep(table.sortKey.name);
  for (const key of index.partitionKeys) keep(key.name);
  for (const key of index.sortKeys) keep(key.name);
  if (index.projection.type === 'INCLUDE') {
    for (const name of index.projection.nonKeyAttributes ?? []) keep(name);
  }
  return projected;
}
