type Requests = Record<string, readonly unknown[]>;

/**
 * Two BatchWriteItem `UnprocessedItems` maps as one: the requests of a table both hold are
 * kept, those of the first first. Each behaviour that leaves requests unprocessed (a
 * transaction in flight, a partition over its limit) adds its own this way.
 */
export function mergeUnprocessedItems(first: unknown, second: Requests): Requests {
  const merged: Record<string, unknown[]> = {};
  for (const [table, requests] of Object.entries((first ?? {}) as Requests)) merged[table] = [...requests];
  for (const [table, requests] of Object.entries(second)) (merged[table] ??= []).push(...requests);
  return merged;
}
