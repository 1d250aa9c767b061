import { BatchIncompleteError } from './errors.js';
import { isRetryableBatchError, isTransactionConflictException } from './service-errors.js';

/**
 * Bounded exponential backoff with full jitter, for unprocessed batch items, batches the service
 * throttled and transitions that met a transaction in flight.
 */
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
 * until nothing is left. A call the service refuses whole with throttling or a transaction
 * conflict ({@link isRetryableBatchError}) counts as an attempt that processed nothing; any other
 * error is thrown as it is. Once `maxAttempts` calls in a row left some, throws
 * {@link BatchIncompleteError} with the leftovers and the last error the service answered.
 * `sendOnce` makes one call with the pending requests (carrying its own pending requests forward)
 * and returns what that call left; `pending` tells what is still to send after a refused call.
 * Returns the number of retries.
 *
 * @example
 * const retries = await retryUnprocessed('BatchWriteItem', defaultRetryOptions, async () => {
 *   const output = await send(pending);
 *   pending = output.UnprocessedItems?.[table] ?? [];
 *   return pending;
 * }, () => pending);
 */
export async function retryUnprocessed(
  operation: BatchIncompleteError['payload']['operation'],
  options: RetryOptions,
  sendOnce: () => Promise<readonly unknown[]>,
  pending: () => readonly unknown[] = () => [],
): Promise<number> {
  let lastError: unknown;
  for (let attempt = 1; ; attempt++) {
    let unprocessed: readonly unknown[];
    try {
      unprocessed = await sendOnce();
      if (unprocessed.length === 0) return attempt - 1;
    } catch (error) {
      if (!isRetryableBatchError(error)) throw error;
      lastError = error;
      unprocessed = pending();
    }
    if (attempt >= options.maxAttempts) throw new BatchIncompleteError(operation, unprocessed, attempt, lastError);
    await sleepFor(backoffDelay(attempt, options), options);
  }
}

/**
 * Runs a single-item write again while it meets a transaction in flight
 * (`TransactionConflictException`), with {@link backoffDelay} between attempts, at most
 * `maxAttempts` times in all. Safe only for a write that is conditional on what it expects (a
 * transition): a conflict means nothing was written, and the retry's condition sees whatever the
 * other transaction did. Gives up by calling `giveUp` with the last conflict and the attempts made.
 */
export async function retryConflicts<T>(
  options: RetryOptions,
  write: () => Promise<T>,
  giveUp: (conflict: unknown, attempts: number) => Error,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isTransactionConflictException(error)) throw error;
      if (attempt >= options.maxAttempts) throw giveUp(error, attempt);
    }
    await sleepFor(backoffDelay(attempt, options), options);
  }
}
