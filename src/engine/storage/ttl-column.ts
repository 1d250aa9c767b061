import type { AttributeValue } from '../values/attribute-value.js';

/**
 * The `expires_at` column value of an item: its TTL attribute in epoch seconds when that
 * is a Number, otherwise NULL (DynamoDB ignores TTL attributes of any other type). The
 * column is kept only while TTL is enabled, so the reaper finds candidates through a
 * partial index instead of reading every item.
 */
export function ttlEpochSeconds(value: AttributeValue | undefined): number | null {
  if (value === undefined || !('N' in value)) return null;
  const seconds = Number(value.N);
  return Number.isFinite(seconds) ? seconds : null;
}
