import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, uniqueTableName, type TestEngine } from '../support/engines.js';
import {
  ConditionFailedError,
  createTableFromModel,
  EmptyKeyPartError,
  InvalidTransitionError,
  ItemNotFoundError,
  TableRepository,
  TransactionCancelledError,
  UnsupportedOperationError,
  ValidationError,
  VersionConflictError,
} from '../../src/repository/index.js';
import { EmptyKeyPartError as ModelEmptyKeyPartError } from '../../src/model/index.js';
import { taskModel, type TaskModel } from './fixtures/task-model.js';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');

async function openTable(engine: TestEngine, model: TaskModel = taskModel()): Promise<TableRepository<TaskModel>> {
  const client = engine.client();
  const tableName = uniqueTableName('tasks');
  await createTableFromModel(client, model, { tableName });
  return new TableRepository(client, model, { tableName, now: () => NOW, retry: { baseDelayMs: 1 } });
}

describeEachEngine('repository', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine);
  });

  describe('single items', () => {
    it('creates, reads, updates with optimistic locking, and deletes', async () => {
      const tasks = db.entity('task');
      const created = await tasks.create({ id: 't1', title: 'write tests', createdAt: '2026-01-01' });
      expect(created).toEqual({
        id: 't1',
        title: 'write tests',
        status: 'todo',
        priority: 0,
        createdAt: '2026-01-01',
        version: 1,
      });
      expect(await tasks.get({ id: 't1' }, { consistent: true })).toEqual(created);

      const updated = await tasks.update(
        { id: 't1' },
        { set: { title: 'write more tests', note: 'soon' } },
        { expectedVersion: 1 },
      );
      expect(updated).toMatchObject({ title: 'write more tests', note: 'soon', version: 2 });
      const stale = await tasks
        .update({ id: 't1' }, { set: { title: 'lost update' } }, { expectedVersion: 1 })
        .catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(VersionConflictError);
      expect((stale as VersionConflictError).payload).toMatchObject({
        entity: 'task',
        key: { id: 't1' },
        expectedVersion: 1,
        actualVersion: 2,
      });

      const removed = await tasks.update({ id: 't1' }, { remove: ['note'] });
      expect(removed.note).toBeUndefined();
      await expect(
        tasks.update({ id: 't1' }, { set: { title: 'x' } }, { where: { priority: 9 } }),
      ).rejects.toBeInstanceOf(ConditionFailedError);
      await expect(tasks.update({ id: 'ghost' }, { set: { title: 'x' } })).rejects.toBeInstanceOf(ItemNotFoundError);

      await expect(tasks.delete({ id: 't1' }, { expectedVersion: 1 })).rejects.toBeInstanceOf(VersionConflictError);
      expect((await tasks.delete({ id: 't1' }))?.id).toBe('t1');
      expect(await tasks.get({ id: 't1' })).toBeUndefined();
    });

    it('validates attributes with the entity schemas (zod and valibot) before any request', async () => {
      await expect(
        db.entity('task').create({ id: 't2', title: 'x', createdAt: 'now', priority: 1.5 }),
      ).rejects.toBeInstanceOf(ValidationError);
      await expect(
        // @ts-expect-error visibility must be public or private
        db.entity('doc').create({ realm: 'r', kind: 'k', number: 1, title: 't', visibility: 'secret' }),
      ).rejects.toBeInstanceOf(ValidationError);
      // @ts-expect-error misspelled attribute
      await expect(db.entity('task').create({ id: 't2', titel: 'x', title: 'x', createdAt: 'now' })).rejects.toThrow(
        /titel: Unknown attribute/,
      );
    });

    it('rejects key parts that render empty before sending anything', async () => {
      const error = await db
        .entity('event')
        .get({ taskId: '', at: 1 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelEmptyKeyPartError);
      expect(error).toBeInstanceOf(EmptyKeyPartError);
      expect((error as EmptyKeyPartError).payload).toEqual({ template: 'TASK#{taskId}', part: 'taskId' });
    });

    it('refuses to change key or state attributes through update', async () => {
      await db.entity('task').create({ id: 't3', title: 'x', createdAt: '2026-01-03' });
      await expect(db.entity('task').update({ id: 't3' }, { set: { status: 'done' } as never })).rejects.toBeInstanceOf(
        UnsupportedOperationError,
      );
    });

    it('refuses to change key, state or version attributes inside a transaction, before any request', async () => {
      const tasks = db.entity('task');
      await tasks.create({ id: 't4', title: 'x', createdAt: '2026-01-04' });
      const refused = [
        tasks.transaction.update({ id: 't4' }, { set: { status: 'done', createdAt: '2026-01-04' } } as never),
        tasks.transaction.update({ id: 't4' }, { set: { version: 9 } } as never),
        tasks.transaction.update({ id: 't4' }, { set: { id: 'other' } } as never),
        tasks.transaction.update({ id: 't4' }, { remove: ['version'] } as never),
        db.entity('doc').transaction.update({ realm: 'r', kind: 'k', number: 1 }, { set: { number: 2 } } as never),
      ];
      for (const action of refused) {
        const error = await action.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UnsupportedOperationError);
        expect((error as UnsupportedOperationError).message).toMatch(/is a key, state or version attribute/);
      }
      const empty = await db
        .entity('doc')
        .transaction.update({ realm: 'r', kind: 'k', number: 1 }, {})
        .catch((e: unknown) => e);
      expect(empty).toMatchObject({
        code: 'UnsupportedOperation',
        payload: { entity: 'doc', reason: 'an update needs at least one change' },
      });
      const moves = await db
        .entity('doc')
        .transaction.update({ realm: 'r', kind: 'k', number: 1 }, { set: { visibility: 'public' } })
        .catch((e: unknown) => e);
      expect(moves).toMatchObject({
        code: 'UnsupportedOperation',
        payload: { entity: 'doc', reason: 'inside a transaction, pass title too: the index keys depend on them' },
      });
      expect(await tasks.get({ id: 't4' }, { consistent: true })).toMatchObject({ status: 'todo', version: 1 });
    });
  });

  describe('keys and indexes', () => {
    it('escapes the separator inside composite keys and reads them back', async () => {
      const docs = db.entity('doc');
      await docs.create({
        realm: 'acme#eu',
        kind: 'rfc#draft',
        number: 51,
        title: 'Portable schemas',
        visibility: 'public',
      });
      await docs.create({ realm: 'acme#eu', kind: 'rfc', number: 7, title: 'Other', visibility: 'private' });
      expect(await docs.get({ realm: 'acme#eu', kind: 'rfc#draft', number: 51 })).toMatchObject({
        title: 'Portable schemas',
      });
      const drafts = await db.query('listDocsOfKind', { realm: 'acme#eu', kind: 'rfc#draft' });
      expect(drafts.items.map((d) => d.number)).toEqual([51]);
      const plain = await db.query('listDocsOfKind', { realm: 'acme#eu', kind: 'rfc' });
      expect(plain.items.map((d) => d.number)).toEqual([7]);
    });

    it('keeps sparse index membership in sync with the membership rule', async () => {
      const docs = db.entity('doc');
      await docs.create({ realm: 'r', kind: 'memo', number: 1, title: 'a', visibility: 'public' });
      await docs.create({ realm: 'r', kind: 'memo', number: 2, title: 'b', visibility: 'private' });
      const titles = async () => (await db.query('listPublicDocsByKind', { kind: 'memo' })).items.map((d) => d.title);
      expect(await titles()).toEqual(['a']);
      await docs.update({ realm: 'r', kind: 'memo', number: 2 }, { set: { visibility: 'public' } });
      expect(await titles()).toEqual(['a', 'b']);
      await docs.update({ realm: 'r', kind: 'memo', number: 1 }, { set: { visibility: 'private' } });
      expect(await titles()).toEqual(['b']);
    });

    it('shards a hot index partition and merges the shards in order behind one cursor', async () => {
      const tasks = db.entity('task');
      const ids = Array.from({ length: 11 }, (_, i) => `s${String(i).padStart(2, '0')}`);
      for (const [i, id] of ids.entries()) {
        await tasks.create({ id, title: id, createdAt: `2026-03-${String(i + 1).padStart(2, '0')}` });
        await tasks.transition({ id }, { from: 'todo', to: 'doing' });
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await db.query(
          'listTasksByStatus',
          { status: 'doing' },
          { limit: 4, ...(cursor ? { cursor } : {}) },
        );
        expect(page.items.length).toBeLessThanOrEqual(4);
        seen.push(...page.items.map((t) => t.id));
        cursor = page.cursor;
      } while (cursor);
      expect(seen).toEqual([...ids].reverse());
      // Moving out of the sharded status moves the key to the plain partition.
      await tasks.transition({ id: 's00' }, { from: 'doing', to: 'done' });
      expect((await db.query('listTasksByStatus', { status: 'done' })).items.map((t) => t.id)).toEqual(['s00']);
      expect((await db.query('listTasksByStatus', { status: 'doing' })).items).toHaveLength(10);
    });

    it('refuses consistent reads on every index, sharded or not, before any request', async () => {
      const requests = () => db.capacity.totals().get('listTasksByStatus')?.requests ?? 0;
      const before = requests();
      for (const status of ['doing', 'todo'] as const) {
        // @ts-expect-error a consistent read of an index is a compile error too; JavaScript callers reach this check
        const error = await db.query('listTasksByStatus', { status }, { consistent: true }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UnsupportedOperationError);
        expect((error as UnsupportedOperationError).payload).toEqual({
          entity: 'listTasksByStatus',
          reason: 'consistent reads are not supported on global secondary indexes',
        });
        // @ts-expect-error as above, for a collection
        await expect(db.collection('listTasksByStatus', { status }, { consistent: true })).rejects.toBeInstanceOf(
          UnsupportedOperationError,
        );
      }
      expect(requests()).toBe(before);
    });

    it('refuses a page limit that is not a positive integer with a typed error', async () => {
      for (const limit of [0, -1, 2.5]) {
        const error = await db.query('getTaskWithEvents', { id: 'x' }, { limit }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UnsupportedOperationError);
        expect((error as UnsupportedOperationError).payload).toEqual({
          entity: 'getTaskWithEvents',
          reason: `limit must be a positive integer, got ${limit}`,
        });
      }
    });

    it('enforces the state machine with the database', async () => {
      const tasks = db.entity('task');
      await tasks.create({ id: 'sm', title: 'x', createdAt: '2026-04-01' });
      await expect(tasks.transition({ id: 'sm' }, { from: 'todo', to: 'done' })).rejects.toMatchObject({
        code: 'InvalidTransition',
        payload: { reason: 'not-allowed' },
      });
      const stale = await tasks.transition({ id: 'sm' }, { from: 'doing', to: 'done' }).catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(InvalidTransitionError);
      expect((stale as InvalidTransitionError).payload).toMatchObject({
        key: { id: 'sm' },
        expected: 'doing',
        actual: 'todo',
        reason: 'state-mismatch',
      });
      await expect(tasks.transition({ id: 'nope' }, { from: 'todo', to: 'doing' })).rejects.toBeInstanceOf(
        ItemNotFoundError,
      );
      const moved = await tasks.transition({ id: 'sm' }, { from: 'todo', to: 'doing', set: { note: 'picked up' } });
      expect(moved).toMatchObject({ status: 'doing', note: 'picked up', version: 2 });
    });
  });

  describe('collections, TTL, batches, transactions', () => {
    it('reads a parent and its children in one Query, typed per entity', async () => {
      await db.entity('task').create({ id: 'c1', title: 'parent', createdAt: '2026-01-09' });
      await db.entity('event').batchPut([1, 2, 3].map((at) => ({ taskId: 'c1', at, text: `e${at}` })));
      const { task, event } = await db.collection('getTaskWithEvents', { id: 'c1' });
      expect(task.map((t) => t.title)).toEqual(['parent']);
      expect(event.map((e) => e.text)).toEqual(['e1', 'e2', 'e3']);
      expect(db.capacity.totals().get('getTaskWithEvents')?.requests).toBe(1);
    });

    it('batch-writes in chunks of 25 and batch-reads in chunks of 100, reporting capacity', async () => {
      const events = db.entity('event');
      const items = Array.from({ length: 130 }, (_, i) => ({ taskId: 'bulk', at: i, text: `event ${i}` }));
      const written = await events.batchPut(items);
      expect(written).toMatchObject({ count: 130, calls: 6 });
      expect(written.consumedCapacity).toBeGreaterThan(0);
      const keys = items.map(({ taskId, at }) => ({ taskId, at })).reverse();
      const read = await events.batchGet([...keys, { taskId: 'bulk', at: 999 }]);
      expect(read.items).toHaveLength(130);
      expect(read.items[0].at).toBe(129);
      expect(read.report.calls).toBeGreaterThanOrEqual(2);
      expect((await events.batchDelete(keys)).count).toBe(130);
      expect((await events.batchGet(keys.slice(0, 5))).items).toEqual([]);
    });

    it('runs transactions across entities, all or nothing, naming the failing item', async () => {
      await db.entity('task').create({ id: 'tx', title: 'x', createdAt: '2026-01-10' });
      await db.transact([
        db.entity('task').transaction.transition({ id: 'tx' }, { from: 'todo', to: 'doing' }),
        db.entity('event').transaction.create({ taskId: 'tx', at: 1, text: 'started' }),
      ]);
      expect((await db.entity('task').get({ id: 'tx' }))?.status).toBe('doing');
      const error = await db
        .transact([
          db.entity('event').transaction.create({ taskId: 'tx', at: 2, text: 'would be written' }),
          db.entity('task').transaction.transition({ id: 'tx' }, { from: 'todo', to: 'doing' }),
        ])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransactionCancelledError);
      expect((error as TransactionCancelledError).payload.reasons).toEqual([
        expect.objectContaining({
          index: 1,
          action: 'Update',
          item: { entity: 'task', key: { id: 'tx' } },
          code: 'ConditionalCheckFailed',
        }),
      ]);
      expect(await db.entity('event').get({ taskId: 'tx', at: 2 })).toBeUndefined();
    });
  });
});

describeEachEngine('empty-string policy', (engine) => {
  it("omits empty strings by default and rejects them under 'reject'", async () => {
    const omit = await openTable(engine);
    const stored = await omit.entity('task').create({ id: 'e1', title: '', createdAt: '2026-01-01' });
    expect(stored).not.toHaveProperty('title');
    const reject = await openTable(engine, taskModel({ emptyStrings: 'reject' }));
    await expect(reject.entity('task').create({ id: 'e2', title: '', createdAt: '2026-01-01' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const keep = await openTable(engine, taskModel({ emptyStrings: 'keep' }));
    expect((await keep.entity('task').create({ id: 'e3', title: '', createdAt: '2026-01-01' })).title).toBe('');
  });
});
