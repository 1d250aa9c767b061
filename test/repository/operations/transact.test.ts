import { beforeAll, expect, it } from 'vitest';
import {
  TransactionCancelledError,
  UnsupportedOperationError,
  ValidationError,
  type TableRepository,
} from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { openTable, rejectionOf, requestsSent } from '../support/open-table.js';

describeEachEngine('TableRepository.transact', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine);
  });
  const tasks = () => db.entity('task');
  const events = () => db.entity('event');
  const createTask = (id: string) => tasks().create({ id, title: 't', createdAt: '2026-07-01', priority: 1 });
  const cancellation = (error: unknown) => (error as TransactionCancelledError).payload.reasons;

  it('commits a create, an update, a transition, a delete and a check together', async () => {
    await Promise.all(['x-upd', 'x-move', 'x-del', 'x-check'].map(createTask));
    await db.transact([
      events().transaction.create({ taskId: 'x-upd', at: 1, text: 'created' }),
      tasks().transaction.update({ id: 'x-upd' }, { set: { title: 'updated' } }, { expectedVersion: 1 }),
      tasks().transaction.transition({ id: 'x-move' }, { from: 'todo', to: 'doing', set: { createdAt: '2026-07-01' } }),
      tasks().transaction.delete({ id: 'x-del' }, { expectedVersion: 1 }),
      tasks().transaction.check({ id: 'x-check' }, { priority: 1 }),
    ]);
    expect(await events().get({ taskId: 'x-upd', at: 1 }, { consistent: true })).toBeDefined();
    expect(await tasks().get({ id: 'x-upd' }, { consistent: true })).toMatchObject({ title: 'updated', version: 2 });
    expect(await tasks().get({ id: 'x-move' }, { consistent: true })).toMatchObject({ status: 'doing' });
    expect(await tasks().get({ id: 'x-del' }, { consistent: true })).toBeUndefined();
  });

  it('writes nothing when one action fails, and names only the failing action with its item', async () => {
    await createTask('x-fail');
    const error = await rejectionOf(
      db.transact([
        events().transaction.create({ taskId: 'x-fail', at: 1, text: 'never' }),
        tasks().transaction.update({ id: 'x-fail' }, { set: { title: 'never' } }, { expectedVersion: 5 }),
      ]),
    );
    expect(error).toBeInstanceOf(TransactionCancelledError);
    expect(cancellation(error)).toEqual([
      expect.objectContaining({
        index: 1,
        action: 'Update',
        item: { entity: 'task', key: { id: 'x-fail' } },
        code: 'ConditionalCheckFailed',
      }),
    ]);
    expect(await events().get({ taskId: 'x-fail', at: 1 }, { consistent: true })).toBeUndefined();
  });

  it('cancels a create of a taken key, naming the Put', async () => {
    await createTask('x-taken');
    const error = await rejectionOf(
      db.transact([tasks().transaction.create({ id: 'x-taken', title: 'dup', createdAt: '2026-07-01' })]),
    );
    expect(cancellation(error)).toEqual([
      expect.objectContaining({
        index: 0,
        action: 'Put',
        item: { entity: 'task', key: { id: 'x-taken' } },
        code: 'ConditionalCheckFailed',
      }),
    ]);
  });

  it('cancels on a check of a missing item or one that does not match, naming the ConditionCheck', async () => {
    await createTask('x-nomatch');
    const missing = await rejectionOf(db.transact([tasks().transaction.check({ id: 'x-absent' })]));
    expect(cancellation(missing)).toEqual([
      expect.objectContaining({ action: 'ConditionCheck', item: { entity: 'task', key: { id: 'x-absent' } } }),
    ]);
    const mismatch = await rejectionOf(db.transact([tasks().transaction.check({ id: 'x-nomatch' }, { priority: 2 })]));
    expect(cancellation(mismatch)).toEqual([
      expect.objectContaining({ action: 'ConditionCheck', code: 'ConditionalCheckFailed' }),
    ]);
  });

  it('cancels a transition from a state the item is not in, and a delete of a stale version', async () => {
    await Promise.all(['x-state', 'x-version'].map(createTask));
    await tasks().update({ id: 'x-version' }, {});
    const error = await rejectionOf(
      db.transact([
        tasks().transaction.transition({ id: 'x-state' }, { from: 'doing', to: 'done' }),
        tasks().transaction.delete({ id: 'x-version' }, { expectedVersion: 1 }),
      ]),
    );
    expect(cancellation(error).map((reason) => [reason.index, reason.action, reason.code])).toEqual([
      [0, 'Update', 'ConditionalCheckFailed'],
      [1, 'Delete', 'ConditionalCheckFailed'],
    ]);
  });

  it('replaces an item with a put whose expected version holds, writing version + 1', async () => {
    await createTask('x-put');
    await db.transact([
      tasks().transaction.put({ id: 'x-put', title: 'replaced', createdAt: '2026-07-02' }, { expectedVersion: 1 }),
    ]);
    expect(await tasks().get({ id: 'x-put' }, { consistent: true })).toMatchObject({ title: 'replaced', version: 2 });
  });

  it('refuses no actions or more than 100 with UnsupportedOperationError, before any request', async () => {
    const before = requestsSent(db);
    expect(await rejectionOf(db.transact([]))).toMatchObject({
      code: 'UnsupportedOperation',
      payload: { reason: 'a transaction holds 1 to 100 actions, got 0' },
    });
    const many = Array.from({ length: 101 }, (_, at) =>
      events().transaction.create({ taskId: 'x-many', at, text: 'x' }),
    );
    expect(await rejectionOf(db.transact(many))).toMatchObject({
      payload: { reason: 'a transaction holds 1 to 100 actions, got 101' },
    });
    expect(requestsSent(db)).toBe(before);
  });

  it('refuses an invalid action with ValidationError, sending nothing', async () => {
    const before = requestsSent(db);
    const error = await rejectionOf(
      db.transact([
        events().transaction.create({ taskId: 'x-v', at: 1, text: 'ok' }),
        tasks().transaction.create({ id: 'x-v', createdAt: 'x' } as never),
      ]),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(requestsSent(db)).toBe(before);
    expect(await events().get({ taskId: 'x-v', at: 1 }, { consistent: true })).toBeUndefined();
  });

  it('refuses an update whose moved index keys need values it was not given with UnsupportedOperationError', async () => {
    const error = await rejectionOf(
      db.transact([
        db.entity('doc').transaction.update({ realm: 'x', kind: 'k', number: 1 }, { set: { visibility: 'public' } }),
      ]),
    );
    expect(error).toBeInstanceOf(UnsupportedOperationError);
    expect((error as UnsupportedOperationError).payload.reason).toBe(
      'inside a transaction, pass title too: the index keys depend on them',
    );
  });
});
