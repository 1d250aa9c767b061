import { reservedItemKey } from '../model/reserved-item.js';
import type { WireItem } from './export-json.js';
import type { TableCopyDefinition } from './table-definition.js';

/**
 * How `copy` and `export` carry a table's migration record (the reserved item `#monotable` /
 * `MODEL` that `monotable migrate` keeps): as an item like any other, so the copy knows which
 * model its items were migrated to and `migrate plan` on it starts from there — without the
 * `progress` of an `apply` that was running on the source: that position (a Scan key of the source,
 * the steps done there) means nothing for the copy, where a later `apply` runs the steps again
 * (they are idempotent).
 *
 * @example
 * const carry = migrationRecordCarrier(await source.tableDefinition());
 * for await (const item of source.items()) write(carry(item));
 */
export function migrationRecordCarrier(definition: TableCopyDefinition): (item: WireItem) => WireItem {
  const partitionKey = definition.keySchema.find((element) => element.KeyType === 'HASH')?.AttributeName;
  const sortKey = definition.keySchema.find((element) => element.KeyType === 'RANGE')?.AttributeName;
  if (partitionKey === undefined || sortKey === undefined) return (item) => item;
  return (item) => {
    if (
      item.progress === undefined ||
      item[partitionKey]?.S !== reservedItemKey.partitionKey ||
      item[sortKey]?.S !== reservedItemKey.sortKey
    )
      return item;
    const { progress: _progress, ...carried } = item;
    return carried;
  };
}
