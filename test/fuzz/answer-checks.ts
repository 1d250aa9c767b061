import { DynamoDBError } from '../../src/engine/errors.js';

/** One call may take this long at most; anything slower counts as a hang. */
export const MAX_CALL_MS = 2_000;

/**
 * Runs one engine call and throws unless it answered as DynamoDB would to a client's
 * mistake: an output object, or a `DynamoDBError` with a 400 type. An
 * `InternalServerError`, any other thrown value or a very slow answer is a finding.
 */
export function expectDynamoDBAnswer(describeCall: () => string, call: () => unknown): void {
  const started = performance.now();
  let failure: string | undefined;
  try {
    const output = call();
    if (output === null || typeof output !== 'object' || Array.isArray(output))
      failure = `answered ${JSON.stringify(output)}`;
  } catch (error) {
    if (!(error instanceof DynamoDBError)) {
      failure = `threw a non-DynamoDB error: ${error instanceof Error ? error.stack : String(error)}`;
    } else if (error.statusCode !== 400 || error.type === 'InternalServerError') {
      failure = `answered ${error.statusCode} ${error.type}: ${error.message}`;
    }
  }
  const elapsed = performance.now() - started;
  if (!failure && elapsed > MAX_CALL_MS) failure = `took ${Math.round(elapsed)} ms`;
  if (failure) throw new Error(`${describeCall()}\n→ ${failure}`);
}
