import { beforeAll, expect, it } from 'vitest';
import {
  BatchIncompleteError,
  EmptyKeyPartError,
  ValidationError,
  type TableRepository,
} from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { clientOf, openTable, rejectionOf, requestsSent } from '../support/open-table.js';
import { injectUnprocessed } from '../support/unprocessed-injector.js';

describeEachEngine('EntityRepository batches', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine, { retry: { maxAttempts: 3, baseDelayMs: 1, sleep: async () => undefined } });
  });
  const eventsOf = (taskId: string, count: number) =>
    Array.from({ length: count }, (_, at) => ({ taskId, at, text: `e${at}` }));
  const keysOf = (taskId: string, count: number) => Array.from({ length: count }, (_, at) => ({ taskId, at }));

  it('batchPut writes every item, in calls of at most 25, and reports them', async () => {
    const report = await db.entity('event').batchPut(eventsOf('b-put', 60));
    expect(report).toMatchObject({ count: 60, calls: 3, retries: 0 });
    expect((await db.collection('getTaskWithEvents', { id: 'b-put' }, { consistent: true })).event).toHaveLength(60);
  });

  it('batchPut of no items sends nothing', async () => {
    const before = requestsSent(db);
    expect(await db.entity('event').batchPut([])).toEqual({ count: 0, calls: 0, retries: 0, consumedCapacity: 0 });
    expect(requestsSent(db)).toBe(before);
  });

  it('batchPut refuses the whole batch with ValidationError when one item is invalid, writing none', async () => {
    const before = requestsSent(db);
    const error = await rejectionOf(
      db
        .entity('event')
        .batchPut([...eventsOf('b-invalid', 3), { taskId: 'b-invalid', at: 'x', text: 'bad' } as never]),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(requestsSent(db)).toBe(before);
  });

  it('batchGet returns the items in the order of the keys, leaving missing ones out', async () => {
    await db.entity('event').batchPut(eventsOf('b-get', 5));
    const { items } = await db.entity('event').batchGet([
      { taskId: 'b-get', at: 4 },
      { taskId: 'b-get', at: 99 },
      { taskId: 'b-get', at: 0 },
      { taskId: 'b-get', at: 2 },
    ]);
    expect(items.map((e) => e.at)).toEqual([4, 0, 2]);
  });

  it('batchGet reads a key given twice once, returning it at each place asked', async () => {
    await db.entity('event').create({ taskId: 'b-twice', at: 1, text: 'x' });
    const { items, report } = await db.entity('event').batchGet([
      { taskId: 'b-twice', at: 1 },
      { taskId: 'b-twice', at: 1 },
    ]);
    expect(items.map((e) => e.at)).toEqual([1, 1]);
    expect(report.calls).toBe(1);
  });

  it('batchGet reads more than 100 keys in calls of at most 100', async () => {
    await db.entity('event').batchPut(eventsOf('b-many', 150));
    const { items, report } = await db.entity('event').batchGet(keysOf('b-many', 150), { consistent: true });
    expect(items).toHaveLength(150);
    expect(report.calls).toBe(2);
  });

  it('batchDelete deletes every key, including keys with no item', async () => {
    await db.entity('event').batchPut(eventsOf('b-del', 30));
    expect(await db.entity('event').batchDelete([...keysOf('b-del', 30), { taskId: 'b-del', at: 500 }])).toMatchObject({
      count: 31,
      calls: 2,
    });
    expect((await db.collection('getTaskWithEvents', { id: 'b-del' }, { consistent: true })).event).toEqual([]);
  });

  it('batchDelete refuses a key part that renders empty with EmptyKeyPartError, before any request', async () => {
    const before = requestsSent(db);
    expect(await rejectionOf(db.entity('event').batchDelete([{ taskId: '', at: 1 }]))).toBeInstanceOf(
      EmptyKeyPartError,
    );
    expect(requestsSent(db)).toBe(before);
  });

  it('batchPut fails with BatchIncompleteError listing what stayed unprocessed after the last attempt', async () => {
    const injector = injectUnprocessed(clientOf(db));
    injector.reset((_call, position) => position === 0);
    try {
      const error = await rejectionOf(db.entity('event').batchPut(eventsOf('b-stuck', 3)));
      expect(error).toBeInstanceOf(BatchIncompleteError);
      const { payload } = error as BatchIncompleteError;
      expect(payload).toMatchObject({ operation: 'BatchWriteItem', attempts: 3 });
      expect(payload.unprocessed).toHaveLength(1);
      expect(payload.unprocessed[0]).toMatchObject({ PutRequest: { Item: { taskId: 'b-stuck' } } });
    } finally {
      injector.reset();
    }
  });

  it('batchGet fails with BatchIncompleteError when keys stay unprocessed after the last attempt', async () => {
    const injector = injectUnprocessed(clientOf(db));
    injector.reset(() => true);
    try {
      const error = await rejectionOf(db.entity('event').batchGet(keysOf('b-stuck-get', 2)));
      expect(error).toBeInstanceOf(BatchIncompleteError);
      expect((error as BatchIncompleteError).payload).toMatchObject({ operation: 'BatchGetItem', attempts: 3 });
      expect((error as BatchIncompleteError).payload.unprocessed).toHaveLength(2);
    } finally {
      injector.reset();
    }
  });

  it('batchDelete retries unprocessed keys until every one is deleted', async () => {
    await db.entity('event').batchPut(eventsOf('b-retry-del', 10));
    const injector = injectUnprocessed(clientOf(db));
    injector.reset((call, position) => call === 0 && position % 2 === 0);
    try {
      expect(await db.entity('event').batchDelete(keysOf('b-retry-del', 10))).toMatchObject({
        count: 10,
        calls: 2,
        retries: 1,
      });
    } finally {
      injector.reset();
    }
    expect((await db.collection('getTaskWithEvents', { id: 'b-retry-del' }, { consistent: true })).event).toEqual([]);
  });
});
