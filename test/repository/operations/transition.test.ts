import { beforeAll, expect, it } from 'vitest';
import {
  InvalidTransitionError,
  ItemNotFoundError,
  UnsupportedOperationError,
  ValidationError,
  type TableRepository,
} from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { openTable, rejectionOf, requestsSent } from '../support/open-table.js';

describeEachEngine('EntityRepository.transition', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine);
  });
  const createTask = (id: string, createdAt = '2026-04-01') => db.entity('task').create({ id, title: 't', createdAt });

  it('moves the state, bumps the version and returns the new item', async () => {
    await createTask('t-move');
    expect(await db.entity('task').transition({ id: 't-move' }, { from: 'todo', to: 'doing' })).toMatchObject({
      status: 'doing',
      version: 2,
    });
  });

  it('moves the item to the index partition of its new state', async () => {
    await createTask('t-index', '2099-01-01');
    await db.entity('task').transition({ id: 't-index' }, { from: 'todo', to: 'doing' });
    await db.entity('task').transition({ id: 't-index' }, { from: 'doing', to: 'done' });
    expect((await db.query('listTasksByStatus', { status: 'done' })).items.map((t) => t.id)).toContain('t-index');
    expect((await db.query('listTasksByStatus', { status: 'todo' })).items.map((t) => t.id)).not.toContain('t-index');
  });

  it('writes the extra attributes of the change in the same write', async () => {
    await createTask('t-extra');
    expect(
      await db.entity('task').transition({ id: 't-extra' }, { from: 'todo', to: 'doing', set: { note: 'picked' } }),
    ).toMatchObject({
      status: 'doing',
      note: 'picked',
    });
  });

  it('refuses a move the state machine forbids with InvalidTransitionError (not-allowed), before any request', async () => {
    const before = requestsSent(db);
    const error = await rejectionOf(db.entity('task').transition({ id: 't-forbidden' }, { from: 'todo', to: 'done' }));
    expect(error).toBeInstanceOf(InvalidTransitionError);
    expect((error as InvalidTransitionError).payload).toEqual({
      entity: 'task',
      key: { id: 't-forbidden' },
      expected: 'todo',
      actual: undefined,
      next: 'done',
      reason: 'not-allowed',
    });
    expect(requestsSent(db)).toBe(before);
  });

  it('refuses a move from a state the item is not in with InvalidTransitionError (state-mismatch) naming both states', async () => {
    await createTask('t-mismatch');
    const error = await rejectionOf(db.entity('task').transition({ id: 't-mismatch' }, { from: 'doing', to: 'done' }));
    expect(error).toBeInstanceOf(InvalidTransitionError);
    expect((error as InvalidTransitionError).payload).toMatchObject({
      expected: 'doing',
      actual: 'todo',
      next: 'done',
      reason: 'state-mismatch',
    });
    expect(await db.entity('task').get({ id: 't-mismatch' }, { consistent: true })).toMatchObject({
      status: 'todo',
      version: 1,
    });
  });

  it('fails with ItemNotFoundError for a key with no item, creating nothing', async () => {
    const error = await rejectionOf(db.entity('task').transition({ id: 't-ghost' }, { from: 'todo', to: 'doing' }));
    expect(error).toBeInstanceOf(ItemNotFoundError);
    expect(await db.entity('task').get({ id: 't-ghost' }, { consistent: true })).toBeUndefined();
  });

  it('refuses a transition on an entity without a state machine with UnsupportedOperationError', async () => {
    const error = await rejectionOf(
      db.entity('doc').transition({ realm: 'r', kind: 'k', number: 1 }, { from: 'a', to: 'b' } as never),
    );
    expect(error).toBeInstanceOf(UnsupportedOperationError);
    expect((error as UnsupportedOperationError).payload).toEqual({
      entity: 'doc',
      reason: 'this entity has no state machine',
    });
  });

  it('refuses extra attributes its schemas reject with ValidationError, before any request', async () => {
    const before = requestsSent(db);
    const error = await rejectionOf(
      db.entity('task').transition({ id: 't-invalid' }, { from: 'todo', to: 'doing', set: { priority: 0.5 } }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(requestsSent(db)).toBe(before);
  });

  it('lets exactly one of two racing transitions from the same state win', async () => {
    await createTask('t-race');
    const [a, b] = await Promise.allSettled([
      db.entity('task').transition({ id: 't-race' }, { from: 'todo', to: 'doing', set: { note: 'a' } }),
      db.entity('task').transition({ id: 't-race' }, { from: 'todo', to: 'doing', set: { note: 'b' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual(['fulfilled', 'rejected']);
    const lost = [a, b].find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(lost?.reason).toMatchObject({
      code: 'InvalidTransition',
      payload: { actual: 'doing', reason: 'state-mismatch' },
    });
    expect(await db.entity('task').get({ id: 't-race' }, { consistent: true })).toMatchObject({ version: 2 });
  });

  it('follows a back edge of the machine (doing → todo) and leaves the sharded partition', async () => {
    await createTask('t-back', '2099-02-02');
    await db.entity('task').transition({ id: 't-back' }, { from: 'todo', to: 'doing' });
    await db.entity('task').transition({ id: 't-back' }, { from: 'doing', to: 'todo' });
    expect((await db.query('listTasksByStatus', { status: 'todo' })).items.map((t) => t.id)).toContain('t-back');
    expect((await db.query('listTasksByStatus', { status: 'doing' })).items.map((t) => t.id)).not.toContain('t-back');
  });
});
