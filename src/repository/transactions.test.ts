import { describe, expect, it } from 'vitest';
import { CapacityLedger } from './capacity.js';
import type { CommandSender } from './command-sender.js';
import { TransactionCancelledError, UnsupportedOperationError } from './errors.js';
import { buildTransactWriteRequest, transactWrite, type TransactAction } from './transactions.js';

const action = (id: string): TransactAction => ({
  action: 'Put',
  item: { entity: 'job', key: { id } },
  request: { Put: { TableName: 't', Item: { pk: `JOB#${id}`, sk: 'META' } } },
});
/** A sender whose TransactWriteItems fails with `error` (the shape the SDK throws). */
const failingWith = (error: Error): CommandSender =>
  ({ capacity: new CapacityLedger(), transactWrite: async () => Promise.reject(error) }) as unknown as CommandSender;

describe('transactions', () => {
  it('carry the actions in order, the client request token and a capacity request', () => {
    expect(buildTransactWriteRequest([action('1'), action('2')], { clientRequestToken: 'tok' })).toEqual({
      TransactItems: [action('1').request, action('2').request],
      ClientRequestToken: 'tok',
      ReturnConsumedCapacity: 'TOTAL',
    });
  });

  it('hold 1 to 100 actions', () => {
    expect(() => buildTransactWriteRequest([])).toThrow(UnsupportedOperationError);
    expect(() => buildTransactWriteRequest(Array.from({ length: 101 }, (_, i) => action(String(i))))).toThrow(
      'a transaction holds 1 to 100 actions, got 101',
    );
    expect(
      buildTransactWriteRequest(Array.from({ length: 100 }, (_, i) => action(String(i)))).TransactItems,
    ).toHaveLength(100);
  });

  it('turn a cancellation into reasons for the failing actions only, with their items', async () => {
    const cancelled = Object.assign(new Error('cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [
        { Code: 'None' },
        { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
        { Code: 'None' },
      ],
    });
    const error = await transactWrite(failingWith(cancelled), 'tx', [action('a'), action('b'), action('c')]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TransactionCancelledError);
    expect((error as TransactionCancelledError).payload.reasons).toEqual([
      {
        index: 1,
        action: 'Put',
        item: { entity: 'job', key: { id: 'b' } },
        code: 'ConditionalCheckFailed',
        message: 'The conditional request failed',
      },
    ]);
    expect((error as Error).cause).toBe(cancelled);
  });

  it('pass any other failure through unchanged', async () => {
    const throttled = Object.assign(new Error('slow down'), { name: 'ThrottlingException' });
    expect(await transactWrite(failingWith(throttled), 'tx', [action('a')]).catch((e: unknown) => e)).toBe(throttled);
  });
});
