import type { BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CommandSender } from './command-sender.js';
import { chunk, type BatchReport } from './batch-write.js';
import { capacityUnitsOf } from './capacity.js';
import { retryUnprocessed, type RetryOptions } from './retry.js';

/**
 * The BatchGetItem inputs for a list of keys: duplicates removed (DynamoDB rejects them), chunks
 * of 100. Pure.
 */
export function buildBatchGetRequests(
  tableName: string,
  keys: readonly Record<string, unknown>[],
  options: { readonly consistent?: boolean } = {},
): BatchGetCommandInput[] {
  const unique = [...new Map(keys.map((key) => [keyId(key), key])).values()];
  return chunk(unique, 100).map((part) => ({
    RequestItems: { [tableName]: { Keys: part, ...(options.consistent ? { ConsistentRead: true } : {}) } },
    ReturnConsumedCapacity: 'TOTAL',
  }));
}

/** A stable identity for a key object (attribute order does not matter). */
export function keyId(key: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(
    Object.keys(key)
      .sort()
      .map((name) => [name, key[name]]),
  );
}

/**
 * Reads every key in chunks of 100, retrying `UnprocessedKeys` — and a call the service refused
 * whole with throttling — with bounded exponential backoff and jitter. Returns the stored items
 * found (any order) and a report; throws {@link BatchIncompleteError} (with the leftovers and the
 * last error) when retries run out.
 */
export async function batchGet(
  sender: CommandSender,
  label: string,
  tableName: string,
  keys: readonly Record<string, unknown>[],
  retry: RetryOptions,
  options: { readonly consistent?: boolean } = {},
): Promise<{ items: Record<string, unknown>[]; report: BatchReport }> {
  const items: Record<string, unknown>[] = [];
  let calls = 0;
  let retries = 0;
  let consumedCapacity = 0;
  for (const input of buildBatchGetRequests(tableName, keys, options)) {
    let pending = input.RequestItems;
    retries += await retryUnprocessed(
      'BatchGetItem',
      retry,
      async () => {
        calls++;
        const output = await sender.batchGet(label, { RequestItems: pending, ReturnConsumedCapacity: 'TOTAL' });
        consumedCapacity += capacityUnitsOf(output.ConsumedCapacity);
        items.push(...((output.Responses?.[tableName] ?? []) as Record<string, unknown>[]));
        const unprocessed = output.UnprocessedKeys?.[tableName];
        // The unprocessed entry keeps its ConsistentRead and projection: resend it whole.
        if (unprocessed) pending = { [tableName]: unprocessed };
        return unprocessed?.Keys ?? [];
      },
      // A call refused whole (throttled) read nothing: every key sent is still pending.
      () => pending?.[tableName]?.Keys ?? [],
    );
  }
  return { items, report: { count: keys.length, calls, retries, consumedCapacity } };
}
