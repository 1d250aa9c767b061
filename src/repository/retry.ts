import { BatchIncompleteError } from './errors.js';

/** Bounded exponential backoff with full jitter, for unprocessed batch items. */
export interface RetryOptions {
  /** Attempts in total, the first included. Default 8. */
  readonly maxAttempts: number;
  /** Delay cap of the first retry, in ms. Default 25. */
  readonly baseDelayMs: number;
  /** Upper bound of any delay, in ms. Default 2000. */
  readonly maxDelayMs: number;
  /** Injected in tests so retries do not wait. */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
}

export const defaultRetryOptions: RetryOptions = { maxAttempts: 8, baseDelayMs: 25, maxDelayMs: 2000 };

/**
 * The delay before retry number `retry` (1-based): uniformly random in [0, min(max, base·2^(retry-1))]
 * ("full jitter"), so concurrent writers do not retry in lockstep.
 *
 * @example
 * backoffDelay(3, defaultRetryOptions) // somewhere in 0..100 ms
 */
export function backoffDelay(retry: number, options: RetryOptions): number {
  const cap = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor((options.random ?? Math.random)() * cap);
}

/** Waits `ms`, or hands the wait to the injected `sleep` (tests). */
export async function sleepFor(ms: number, options: RetryOptions): Promise<void> {
  if (options.sleep) return options.sleep(ms);
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Sends a batch call, then what it left unprocessed, with {@link backoffDelay} between attempts,
 * until nothing is left; throws {@link BatchIncompleteError} with the leftovers once
 * `maxAttempts` calls in a row left some. `sendOnce` makes one call (carrying its own pending
 * requests forward) and returns what that call left unprocessed. Returns the number of retries.
 *
 * @example
 * const retries = await retryUnprocessed('BatchWriteItem', defaultRetryOptions, async () => {
 *   const output = await send(pending);
 *   pending = output.UnprocessedItems?.[table] ?? [];
 *   return pending;
 * });
 */
export async function retryUnprocessed(
  operation: BatchIncompleteError['payload']['operation'],
  options: RetryOptions,
  sendOnce: () => Promise<readonly unknown[]>,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const unprocessed = await sendOnce();
    if (unprocessed.length === 0) return attempt - 1;
    if (attempt >= options.maxAttempts) throw new BatchIncompleteError(operation, unprocessed, attempt);
    await sleepFor(backoffDelay(attempt, options), options);
  }
}
