import type { BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CommandSender } from './command-sender.js';
import { capacityUnitsOf } from './capacity.js';
import { retryUnprocessed, type RetryOptions } from './retry.js';

/** One put or delete of a batch, already in DocumentClient form. */
export type WriteRequest =
  | { readonly PutRequest: { readonly Item: Record<string, unknown> } }
  | { readonly DeleteRequest: { readonly Key: Record<string, unknown> } };

export interface BatchReport {
  /** Requests (or keys) handled. */
  readonly count: number;
  /** Round trips, retries included. */
  readonly calls: number;
  /** Retries of unprocessed items. */
  readonly retries: number;
  readonly consumedCapacity: number;
}

/** Splits a list into chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The BatchWriteItem inputs for a list of requests: chunks of 25 (DynamoDB's limit). Pure.
 *
 * @example
 * buildBatchWriteRequests('research', requests).length // ⌈requests / 25⌉
 */
export function buildBatchWriteRequests(
  tableName: string,
  requests: readonly WriteRequest[],
): BatchWriteCommandInput[] {
  return chunk(requests, 25).map((part) => ({
    RequestItems: { [tableName]: part as NonNullable<BatchWriteCommandInput['RequestItems']>[string] },
    ReturnConsumedCapacity: 'TOTAL',
  }));
}

/**
 * Writes every request in chunks of 25, retrying `UnprocessedItems` — and a call the service
 * refused whole with throttling or a transaction conflict — with bounded exponential backoff and
 * jitter; throws {@link BatchIncompleteError} (with the leftovers and the last error) when
 * retries run out.
 */
export async function batchWrite(
  sender: CommandSender,
  label: string,
  tableName: string,
  requests: readonly WriteRequest[],
  retry: RetryOptions,
): Promise<BatchReport> {
  let calls = 0;
  let retries = 0;
  let consumedCapacity = 0;
  for (const input of buildBatchWriteRequests(tableName, requests)) {
    let pending = input.RequestItems;
    retries += await retryUnprocessed(
      'BatchWriteItem',
      retry,
      async () => {
        calls++;
        const output = await sender.batchWrite(label, { RequestItems: pending, ReturnConsumedCapacity: 'TOTAL' });
        consumedCapacity += capacityUnitsOf(output.ConsumedCapacity);
        const unprocessed = output.UnprocessedItems?.[tableName] ?? [];
        pending = { [tableName]: unprocessed };
        return unprocessed;
      },
      // A call refused whole (throttled, or a conflict) processed nothing: all of it is pending.
      () => pending?.[tableName] ?? [],
    );
  }
  return { count: requests.length, calls, retries, consumedCapacity };
}
