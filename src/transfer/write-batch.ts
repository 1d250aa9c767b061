import { BatchWriteItemCommand, type DynamoDBClient, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { UnprocessedItemsError } from './errors.js';
import type { WireItem } from './export-json.js';

/** DynamoDB's limit of requests per BatchWriteItem call. */
export const batchWriteLimit = 25;

export interface RetryPolicy {
  /** Calls in a row that may return unprocessed items before giving up; default 10. */
  readonly maxAttempts?: number;
  /** First backoff delay in ms, doubled after each call that made no progress; default 50. */
  readonly baseDelayMs?: number;
  /** Ceiling of the backoff delay in ms; default 5000. */
  readonly maxDelayMs?: number;
}

/**
 * Puts up to 25 items with one BatchWriteItem, re-sending the unprocessed ones with bounded
 * exponential backoff (equal jitter: half the ceiling, plus a random half) until all are
 * written. Puts are idempotent, so re-sending never duplicates. Throws `UnprocessedItemsError`
 * when the target keeps refusing.
 *
 * @example
 * await writeBatch(client, 'app', items.slice(0, 25));
 */
export async function writeBatch(
  client: DynamoDBClient,
  tableName: string,
  items: readonly WireItem[],
  policy: RetryPolicy = {},
): Promise<void> {
  const maxAttempts = policy.maxAttempts ?? 10;
  const baseDelayMs = policy.baseDelayMs ?? 50;
  const maxDelayMs = policy.maxDelayMs ?? 5000;
  let requests: WriteRequest[] = items.map((item) => ({ PutRequest: { Item: item } }));
  let fruitlessAttempts = 0;
  while (requests.length > 0) {
    const response = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
    const unprocessed = response.UnprocessedItems?.[tableName] ?? [];
    if (unprocessed.length === 0) return;
    // Progress (fewer unprocessed than sent) restarts the count: only a stalled target gives up.
    fruitlessAttempts = unprocessed.length < requests.length ? 1 : fruitlessAttempts + 1;
    if (fruitlessAttempts >= maxAttempts)
      throw new UnprocessedItemsError(tableName, unprocessed.length, fruitlessAttempts);
    requests = unprocessed;
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (fruitlessAttempts - 1));
    await sleep(ceiling / 2 + Math.random() * (ceiling / 2));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
