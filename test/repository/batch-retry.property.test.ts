import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { BatchIncompleteError, type TableRepository } from '../../src/repository/index.js';
import { describeEachEngine } from '../support/engines.js';
import type { TaskModel } from './fixtures/task-model.js';
import { clientOf, openTable } from './support/open-table.js';
import { injectUnprocessed, type UnprocessedInjector } from './support/unprocessed-injector.js';

/**
 * Batches under a throttled engine: the injector leaves requests unprocessed as DynamoDB does,
 * and the repository must retry until each item was written (or read) exactly once.
 */
const maxAttempts = 6;

/** Which requests each of the first calls leaves unprocessed; later calls process everything. */
const dropPlan = fc.array(fc.array(fc.boolean(), { maxLength: 60 }), { maxLength: maxAttempts - 1 });
const planned = (plan: readonly (readonly boolean[])[]) => (call: number, position: number) =>
  plan[call]?.[position] === true;

describeEachEngine('batch retry under unprocessed items (property)', (engine) => {
  let db: TableRepository<TaskModel>;
  let injector: UnprocessedInjector;
  let run = 0;
  const numRuns = engine.name === 'in-process' ? 40 : 8;
  beforeAll(async () => {
    db = await openTable(engine, { retry: { maxAttempts, baseDelayMs: 1, sleep: async () => undefined } });
    injector = injectUnprocessed(clientOf(db));
  });
  const eventsOf = (taskId: string, count: number) =>
    Array.from({ length: count }, (_, at) => ({ taskId, at, text: `e${at}` }));
  const storedAts = async (taskId: string) =>
    (await db.collection('getTaskWithEvents', { id: taskId }, { consistent: true })).event.map((e) => e.at);
  const sentOnce = (kind: string, taskId: string, count: number) =>
    expect(Object.fromEntries(injector.forwarded)).toEqual(
      Object.fromEntries(
        Array.from({ length: count }, (_, at) => [`${kind} TASK#${taskId} EVENT#${String(at).padStart(13, '0')}`, 1]),
      ),
    );

  it('batchPut writes every item, and sends each to the engine exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 60 }), dropPlan, async (count, plan) => {
        const taskId = `put-${run++}`;
        injector.reset(planned(plan));
        const report = await db.entity('event').batchPut(eventsOf(taskId, count));
        const calls = injector.calls;
        injector.drop = () => false;
        sentOnce('put', taskId, count);
        expect(report).toMatchObject({ count, calls });
        expect(await storedAts(taskId)).toEqual(Array.from({ length: count }, (_, at) => at));
      }),
      { numRuns },
    );
  });

  it('batchDelete deletes every key, and sends each exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 60 }), dropPlan, async (count, plan) => {
        const taskId = `del-${run++}`;
        injector.reset();
        await db.entity('event').batchPut(eventsOf(taskId, count));
        injector.reset(planned(plan));
        await db.entity('event').batchDelete(eventsOf(taskId, count).map(({ taskId: id, at }) => ({ taskId: id, at })));
        injector.drop = () => false;
        sentOnce('delete', taskId, count);
        expect(await storedAts(taskId)).toEqual([]);
      }),
      { numRuns },
    );
  });

  it('batchGet returns every item once, in the order of the keys, each read exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 150 }), dropPlan, fc.boolean(), async (count, plan, consistent) => {
        const taskId = `get-${run++}`;
        injector.reset();
        await db.entity('event').batchPut(eventsOf(taskId, count));
        injector.reset(planned(plan));
        const keys = eventsOf(taskId, count)
          .map(({ at }) => ({ taskId, at }))
          .reverse();
        const { items, report } = await db.entity('event').batchGet(keys, { consistent });
        injector.drop = () => false;
        expect(items.map((e) => e.at)).toEqual(keys.map((key) => key.at));
        sentOnce('get', taskId, count);
        expect(report.retries).toBeLessThan(maxAttempts);
      }),
      { numRuns },
    );
  });

  it('when retries run out, reports exactly the requests never written, having written the others once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 25 }),
        fc.uniqueArray(fc.nat({ max: 24 }), { minLength: 1 }),
        async (count, stuckAts) => {
          const taskId = `stuck-${run++}`;
          const stuck = new Set(stuckAts.filter((at) => at < count));
          fc.pre(stuck.size > 0);
          // Every call leaves the stuck items unprocessed.
          const stuckKeys = new Set([...stuck].map((at) => `put TASK#${taskId} EVENT#${String(at).padStart(13, '0')}`));
          injector.reset((_call, _position, request) => stuckKeys.has(request));
          const error = await db
            .entity('event')
            .batchPut(eventsOf(taskId, count))
            .then(
              () => undefined,
              (e: unknown) => e,
            );
          injector.drop = () => false;
          expect(error).toBeInstanceOf(BatchIncompleteError);
          const { payload } = error as BatchIncompleteError;
          expect(payload.attempts).toBe(maxAttempts);
          const leftAts = (payload.unprocessed as { PutRequest: { Item: { at: number } } }[])
            .map((request) => request.PutRequest.Item.at)
            .sort((a, b) => a - b);
          expect(leftAts).toEqual([...stuck].sort((a, b) => a - b));
          expect(await storedAts(taskId)).toEqual(
            Array.from({ length: count }, (_, at) => at).filter((at) => !stuck.has(at)),
          );
          for (const times of injector.forwarded.values()) expect(times).toBe(1);
        },
      ),
      { numRuns },
    );
  });
});
