import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BatchIncompleteError } from './errors.js';
import { backoffDelay, defaultRetryOptions, retryUnprocessed } from './retry.js';

describe('retry of unprocessed batch items', () => {
  it('waits a random delay within the exponential cap, never above maxDelayMs (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (retry, random) => {
          const delay = backoffDelay(retry, { ...defaultRetryOptions, random: () => random });
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(
            Math.min(defaultRetryOptions.maxDelayMs, defaultRetryOptions.baseDelayMs * 2 ** (retry - 1)),
          );
        },
      ),
    );
  });

  it('returns the number of retries once nothing is left', async () => {
    const left = [[1, 2], [2], []];
    const retries = await retryUnprocessed(
      'BatchWriteItem',
      { ...defaultRetryOptions, sleep: async () => undefined },
      async () => left.shift() ?? [],
    );
    expect(retries).toBe(2);
  });

  it('makes one call and no wait when the first call leaves nothing', async () => {
    let waits = 0;
    let calls = 0;
    const retries = await retryUnprocessed(
      'BatchGetItem',
      { ...defaultRetryOptions, sleep: async () => void waits++ },
      async () => {
        calls++;
        return [];
      },
    );
    expect({ retries, calls, waits }).toEqual({ retries: 0, calls: 1, waits: 0 });
  });

  it('throws BatchIncompleteError with the last leftovers after maxAttempts calls', async () => {
    let calls = 0;
    const error = await retryUnprocessed(
      'BatchGetItem',
      { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 1, sleep: async () => undefined },
      async () => [`left after call ${++calls}`],
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchIncompleteError);
    expect((error as BatchIncompleteError).payload).toEqual({
      operation: 'BatchGetItem',
      unprocessed: ['left after call 4'],
      attempts: 4,
    });
    expect(calls).toBe(4);
  });
});
