import type { Page } from './page.js';
import type { Select } from './select.js';

/**
 * The body of a Query or Scan response, members in DynamoDB's order. `Items` is absent
 * for `Select: COUNT`; `LastEvaluatedKey` only when the page stopped full.
 */
export function pageResponse(
  page: Page,
  select: Select,
  consumedCapacity: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const response: Record<string, unknown> = {};
  if (select !== 'COUNT') response.Items = page.items;
  response.Count = page.count;
  response.ScannedCount = page.scannedCount;
  if (page.lastEvaluatedKey) response.LastEvaluatedKey = page.lastEvaluatedKey;
  if (consumedCapacity) response.ConsumedCapacity = consumedCapacity;
  return response;
}
