import {
  InternalServerError,
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import {
  BatchIncompleteError,
  InvalidTransitionError,
  RepositoryError,
  TransactionCancelledError,
  TransactionConflictError,
  type TableRepository,
} from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { injectErrors, type ErrorInjector } from '../support/error-injector.js';
import { clientOf, openTable, rejectionOf } from '../support/open-table.js';

/**
 * Throttling and transaction conflicts, as the service answers them (the SDK's error classes
 * with DynamoDB's messages, injected in front of the engine): which calls the repository sends
 * again and how often, and the typed errors it gives up with.
 */
const $metadata = { httpStatusCode: 400 };
const conflict = () =>
  new TransactionConflictException({
    $metadata,
    message: 'Operation was rejected because there is an ongoing transaction for the item.',
  });
const throttled = () =>
  new ProvisionedThroughputExceededException({
    $metadata,
    message:
      'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
  });
const onDemandThrottled = () =>
  new ThrottlingException({
    $metadata,
    message: 'Throughput exceeds the maximum OnDemandThroughput configured on table or index',
  });
/** A cancellation with these reason codes, in action order (DynamoDB's message and reason texts). */
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    $metadata,
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    CancellationReasons: codes.map((Code) =>
      Code === 'None'
        ? { Code }
        : {
            Code,
            Message:
              Code === 'TransactionConflict'
                ? 'Transaction is ongoing for the item.'
                : 'The conditional request failed',
          },
    ),
  });
const maxAttempts = 4;

describeEachEngine('repository under throttling and transaction conflicts', (engine) => {
  let db: TableRepository<TaskModel>;
  let injector: ErrorInjector;
  let sleeps: number[];
  beforeAll(async () => {
    db = await openTable(engine, {
      retry: { maxAttempts, baseDelayMs: 10, sleep: async (ms) => void sleeps.push(ms) },
    });
    injector = injectErrors(clientOf(db));
  });
  beforeEach(() => {
    injector.reset();
    sleeps = [];
  });
  const tasks = () => db.entity('task');
  const events = () => db.entity('event');
  const createTask = (id: string) => tasks().create({ id, title: 't', createdAt: '2026-07-01' });
  const stored = (id: string) => tasks().get({ id }, { consistent: true });

  it('turns a put, update or delete that meets a transaction in flight into a retryable TransactionConflictError, sent once', async () => {
    await createTask('c-single');
    const attempts = [
      ['PutItem', 'c-single', () => tasks().put({ id: 'c-single', title: 'x', createdAt: '2026-07-01' })],
      ['PutItem', 'c-new', () => tasks().create({ id: 'c-new', title: 'x', createdAt: '2026-07-01' })],
      [
        'UpdateItem',
        'c-single',
        () => tasks().update({ id: 'c-single' }, { set: { title: 'x' } }, { expectedVersion: 1 }),
      ],
      ['DeleteItem', 'c-single', () => tasks().delete({ id: 'c-single' })],
    ] as const;
    for (const [operation, id, write] of attempts) {
      injector.reset({ command: operation, times: 1, error: conflict });
      const error = await rejectionOf(write());
      expect(error).toBeInstanceOf(TransactionConflictError);
      expect(error).toBeInstanceOf(RepositoryError);
      const typed = error as TransactionConflictError;
      expect(typed.retryable).toBe(true);
      expect(typed.code).toBe('TransactionConflict');
      expect(typed.payload).toEqual({
        operation,
        items: [{ entity: 'task', key: { id } }],
        reasons: [],
        attempts: 1,
      });
      expect(typed.cause).toBeInstanceOf(TransactionConflictException);
      expect(injector.sent.get(operation)).toBe(1);
    }
    expect(await stored('c-single')).toMatchObject({ title: 't', version: 1 });
    expect(await stored('c-new')).toBeUndefined();
    expect(sleeps).toEqual([]);
  });

  it('sends a transition again after a conflict, with growing backoff, until it goes through', async () => {
    await createTask('c-move');
    injector.reset({ command: 'UpdateItem', times: 2, error: conflict });
    const moved = await tasks().transition({ id: 'c-move' }, { from: 'todo', to: 'doing' });
    expect(moved).toMatchObject({ status: 'doing', version: 2 });
    expect(injector.sent.get('UpdateItem')).toBe(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeLessThanOrEqual(10);
    expect(sleeps[1]).toBeLessThanOrEqual(20);
  });

  it('gives a transition up after maxAttempts conflicts with TransactionConflictError, having written nothing', async () => {
    await createTask('c-stuck');
    injector.reset({ command: 'UpdateItem', times: 99, error: conflict });
    const error = await rejectionOf(tasks().transition({ id: 'c-stuck' }, { from: 'todo', to: 'doing' }));
    expect(error).toBeInstanceOf(TransactionConflictError);
    expect((error as TransactionConflictError).payload).toEqual({
      operation: 'UpdateItem',
      items: [{ entity: 'task', key: { id: 'c-stuck' } }],
      reasons: [],
      attempts: maxAttempts,
    });
    expect((error as Error).message).toContain(`(${maxAttempts} attempts)`);
    expect(injector.sent.get('UpdateItem')).toBe(maxAttempts);
    expect(sleeps).toHaveLength(maxAttempts - 1);
    injector.reset();
    expect(await stored('c-stuck')).toMatchObject({ status: 'todo', version: 1 });
  });

  it('answers a retried transition by what the other transaction did: InvalidTransitionError when it moved the item', async () => {
    await createTask('c-raced');
    injector.reset({
      command: 'UpdateItem',
      times: 1,
      error: conflict,
      // The transaction in flight moves the task; the retry's condition sees it.
      before: async () => void (await tasks().transition({ id: 'c-raced' }, { from: 'todo', to: 'doing' })),
    });
    const error = await rejectionOf(tasks().transition({ id: 'c-raced' }, { from: 'todo', to: 'doing' }));
    expect(error).toBeInstanceOf(InvalidTransitionError);
    expect((error as InvalidTransitionError).payload).toMatchObject({ expected: 'todo', actual: 'doing' });
    expect(await stored('c-raced')).toMatchObject({ status: 'doing', version: 2 });
  });

  it('turns a transaction cancelled by a conflict into TransactionConflictError naming the item in conflict', async () => {
    await Promise.all(['c-tx1', 'c-tx2'].map(createTask));
    const actions = () => [
      tasks().transaction.update({ id: 'c-tx1' }, { set: { title: 'both' } }),
      tasks().transaction.transition({ id: 'c-tx2' }, { from: 'todo', to: 'doing', set: { createdAt: '2026-07-01' } }),
    ];
    injector.reset({ command: 'TransactWriteItems', times: 1, error: () => cancelled('None', 'TransactionConflict') });
    const error = await rejectionOf(db.transact(actions()));
    expect(error).toBeInstanceOf(TransactionConflictError);
    expect((error as TransactionConflictError).retryable).toBe(true);
    expect((error as TransactionConflictError).payload).toEqual({
      operation: 'TransactWriteItems',
      items: [{ entity: 'task', key: { id: 'c-tx2' } }],
      reasons: [
        {
          index: 1,
          action: 'Update',
          item: { entity: 'task', key: { id: 'c-tx2' } },
          code: 'TransactionConflict',
          message: 'Transaction is ongoing for the item.',
        },
      ],
      attempts: 1,
    });
    expect(injector.sent.get('TransactWriteItems')).toBe(1);
    // The caller retries: the same actions commit once the other transaction is done.
    await db.transact(actions());
    expect(await stored('c-tx2')).toMatchObject({ status: 'doing' });
  });

  it('keeps a cancellation with a failed condition a TransactionCancelledError, not retryable', async () => {
    await createTask('c-tx3');
    injector.reset({
      command: 'TransactWriteItems',
      times: 1,
      error: () => cancelled('ConditionalCheckFailed', 'TransactionConflict'),
    });
    const error = await rejectionOf(
      db.transact([
        tasks().transaction.update({ id: 'c-tx3' }, { set: { title: 'x' } }, { expectedVersion: 7 }),
        events().transaction.create({ taskId: 'c-tx3', at: 1, text: 'x' }),
      ]),
    );
    expect(error).toBeInstanceOf(TransactionCancelledError);
    expect((error as TransactionCancelledError).retryable).toBe(false);
    expect((error as TransactionCancelledError).payload.reasons.map((reason) => reason.code)).toEqual([
      'ConditionalCheckFailed',
      'TransactionConflict',
    ]);
  });

  it('sends a batch the service throttled whole again after a backoff, and writes every item once', async () => {
    injector.reset(
      { command: 'BatchWriteItem', times: 2, error: throttled },
      { command: 'BatchWriteItem', times: 1, error: conflict },
    );
    const written = Array.from({ length: 30 }, (_, at) => ({ taskId: 'c-batch', at, text: `e${at}` }));
    const report = await events().batchPut(written);
    // Chunk 1 (25 items): throttled twice, refused by a conflict once, then written; chunk 2 at once.
    expect(report).toMatchObject({ count: 30, calls: 5, retries: 3 });
    expect(sleeps).toHaveLength(3);
    const { items } = await events().batchGet(
      written.map(({ taskId, at }) => ({ taskId, at })),
      { consistent: true },
    );
    expect(items.map((event) => event.at)).toEqual(written.map((event) => event.at));
  });

  it('gives a throttled batch up after maxAttempts with BatchIncompleteError carrying the leftovers and the last error', async () => {
    injector.reset({ command: 'BatchWriteItem', times: 99, error: throttled });
    const error = await rejectionOf(
      events().batchPut(Array.from({ length: 3 }, (_, at) => ({ taskId: 'c-stuck-batch', at, text: 'x' }))),
    );
    expect(error).toBeInstanceOf(BatchIncompleteError);
    const typed = error as BatchIncompleteError;
    expect(typed.payload).toMatchObject({
      operation: 'BatchWriteItem',
      attempts: maxAttempts,
      lastError: {
        name: 'ProvisionedThroughputExceededException',
        message: expect.stringContaining('The level of configured provisioned throughput for the table was exceeded'),
      },
    });
    expect(typed.payload.unprocessed).toHaveLength(3);
    expect(typed.cause).toBeInstanceOf(ProvisionedThroughputExceededException);
    expect(typed.retryable).toBe(true);
    expect(typed.message).toContain('(last error: ProvisionedThroughputExceededException:');
    expect(injector.sent.get('BatchWriteItem')).toBe(maxAttempts);
  });

  it('reads a batch the service throttled whole again, every item once', async () => {
    const written = Array.from({ length: 5 }, (_, at) => ({ taskId: 'c-read', at, text: `e${at}` }));
    await events().batchPut(written);
    injector.reset({ command: 'BatchGetItem', times: 1, error: onDemandThrottled });
    const { items, report } = await events().batchGet(written.map(({ taskId, at }) => ({ taskId, at })));
    expect(items.map((event) => event.at)).toEqual([0, 1, 2, 3, 4]);
    expect(report).toMatchObject({ calls: 2, retries: 1 });
  });

  it('lets a batch error that is neither throttling nor a conflict through at once', async () => {
    const failure = () =>
      new InternalServerError({ $metadata: { httpStatusCode: 500 }, message: 'Internal server error' });
    injector.reset({ command: 'BatchWriteItem', times: 1, error: failure });
    const error = await rejectionOf(events().batchPut([{ taskId: 'c-500', at: 1, text: 'x' }]));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(injector.sent.get('BatchWriteItem')).toBe(1);
    expect(sleeps).toEqual([]);
  });
});
