import type { AttributeValue } from '../values/attribute-value.js';

/** DynamoDB's limits on key values, in bytes: partition keys 2,048, sort keys 1,024. */
export const maximumPartitionKeyBytes = 2048;
export const maximumSortKeyBytes = 1024;

/** Bytes of an S (UTF-8) or B key value; numbers are never too long. */
export function keyValueBytes(value: AttributeValue): number {
  if ('S' in value) return Buffer.byteLength(value.S, 'utf8');
  if ('B' in value) return Buffer.from(value.B, 'base64').length;
  return 0;
}

/**
 * Whether a value found in an item may key an index entry: not an empty string or
 * binary, not longer than the limit. Writes refuse such values; an index built over items
 * already stored (a GSI added by UpdateTable) leaves those items out instead, as
 * DynamoDB's backfill leaves out the items that violate the index key rules.
 */
export function isIndexableKeyValue(value: AttributeValue, isPartitionKey: boolean): boolean {
  if (('S' in value && value.S === '') || ('B' in value && value.B === '')) return false;
  return keyValueBytes(value) <= (isPartitionKey ? maximumPartitionKeyBytes : maximumSortKeyBytes);
}
