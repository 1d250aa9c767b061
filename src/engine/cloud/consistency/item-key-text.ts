import { indexPartitionColumn } from '../../storage/index-key-columns.js';
import { hasIndexEntry } from '../../storage/index-entry.js';
import type { KeyColumnValue } from '../../storage/sort-range.js';
import type { IndexDefinition, StoredTableDefinition } from '../../storage/storage.js';
import type { AttributeValue, Item } from '../../values/attribute-value.js';
import { encodeKeyValue } from '../../values/index.js';

/*
 * Keys of the recent changes' maps, from the key columns storage writes (encodeKeyValue,
 * index-key-columns.ts): two values DynamoDB takes as the same key give the same text
 * (`{ N: "1.0" }` and `{ N: "1" }` alike).
 */

function columnText(column: KeyColumnValue): string {
  return typeof column === 'string' ? `s${column}` : `b${column.toString('hex')}`;
}

/** The text of an item's primary key (the item may hold other attributes). */
export function itemKeyText(table: StoredTableDefinition, item: Item): string {
  const partition = columnText(encodeKeyValue(item[table.partitionKey.name]));
  if (!table.sortKey) return partition;
  return `${partition}\u0000${columnText(encodeKeyValue(item[table.sortKey.name]))}`;
}

/** The text of a partition of the table (`indexName` undefined) or of one of its indexes. */
export function partitionText(indexName: string | undefined, column: KeyColumnValue): string {
  return `${indexName ?? ''}\u0000${columnText(column)}`;
}

/** The partition text of a Query's partition values on the table or one of its indexes. */
export function queryPartitionText(
  index: IndexDefinition | undefined,
  partitionValues: readonly AttributeValue[],
): string {
  const column = index ? indexPartitionColumn(index, partitionValues) : encodeKeyValue(partitionValues[0]);
  return partitionText(index?.name, column);
}

/** The partitions an item lies in: the table's, and each index's it has an entry in. */
export function itemPartitionTexts(table: StoredTableDefinition, item: Item): string[] {
  const texts = [partitionText(undefined, encodeKeyValue(item[table.partitionKey.name]))];
  for (const index of [...table.globalIndexes, ...table.localIndexes]) {
    if (!hasIndexEntry(index, item)) continue;
    const values = index.partitionKeys.map((attribute) => item[attribute.name]);
    texts.push(partitionText(index.name, indexPartitionColumn(index, values)));
  }
  return texts;
}
