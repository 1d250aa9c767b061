/**
 * What the repository makes of the service's errors, by their type (the SDK's error `name`,
 * which is DynamoDB's `__type`). Facts: DynamoDB answers throttling with
 * `ProvisionedThroughputExceededException`, `ThrottlingException` or `RequestLimitExceeded`
 * (HTTP 400, "OK to retry"), and a write that meets a transaction in flight with
 * `TransactionConflictException`, or, inside a transaction, a `TransactionCanceledException`
 * whose reason at that action is `TransactionConflict`. The AWS SDKs retry throttling themselves
 * (a few attempts) but never a conflict.
 */

/** DynamoDB's throttling errors: the service asks the caller to back off and retry. */
const throttlingErrorNames: ReadonlySet<string> = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
]);

function nameOf(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/** True for a throttling error (the SDK's own retries already spent on it). */
export function isThrottlingError(error: unknown): boolean {
  const name = nameOf(error);
  return name !== undefined && throttlingErrorNames.has(name);
}

/** True for `TransactionConflictException`: a single-item write met a transaction in flight. */
export function isTransactionConflictException(error: unknown): boolean {
  return nameOf(error) === 'TransactionConflictException';
}

/** One cancellation reason as the SDK gives it, by position in the transaction. */
export interface ServiceCancellationReason {
  readonly Code?: string;
  readonly Message?: string;
}

/** The cancellation reasons of a `TransactionCanceledException` (undefined for any other error). */
export function cancellationReasonsOf(error: unknown): readonly ServiceCancellationReason[] | undefined {
  if (nameOf(error) !== 'TransactionCanceledException') return undefined;
  return (error as { CancellationReasons?: ServiceCancellationReason[] }).CancellationReasons ?? [];
}

/**
 * True when a cancellation was caused by a transaction conflict and nothing else that a retry
 * cannot fix: some reason is `TransactionConflict`, none is a failed condition or a validation
 * error (a condition that did not hold is the answer, whatever else happened).
 */
export function isConflictCancellation(reasons: readonly ServiceCancellationReason[]): boolean {
  const codes = reasons.map((reason) => reason.Code);
  return (
    codes.includes('TransactionConflict') &&
    !codes.some((code) => code === 'ConditionalCheckFailed' || code === 'ValidationError')
  );
}

/**
 * True when a batch call that failed whole may be sent again after a wait: throttling (every
 * item of the batch was throttled) or a transaction conflict.
 */
export function isRetryableBatchError(error: unknown): boolean {
  return isThrottlingError(error) || isTransactionConflictException(error);
}
