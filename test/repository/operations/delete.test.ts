import { beforeAll, expect, it } from 'vitest';
import {
  ConditionFailedError,
  EmptyKeyPartError,
  ItemNotFoundError,
  VersionConflictError,
  type TableRepository,
} from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { openTable, rejectionOf, requestsSent } from '../support/open-table.js';

describeEachEngine('EntityRepository.delete', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine);
  });
  const createTask = (id: string) => db.entity('task').create({ id, title: 't', createdAt: '2026-05-01', priority: 3 });

  it('deletes the item and returns what was stored', async () => {
    await createTask('d-1');
    expect(await db.entity('task').delete({ id: 'd-1' })).toMatchObject({ id: 'd-1', title: 't', version: 1 });
    expect(await db.entity('task').get({ id: 'd-1' }, { consistent: true })).toBeUndefined();
  });

  it('returns undefined for a key with no item when unconditional (idempotent)', async () => {
    expect(await db.entity('task').delete({ id: 'd-none' })).toBeUndefined();
  });

  it('deletes when the expected version and the where condition hold', async () => {
    await createTask('d-guarded');
    expect(
      await db.entity('task').delete({ id: 'd-guarded' }, { expectedVersion: 1, where: { priority: 3 } }),
    ).toMatchObject({ id: 'd-guarded' });
  });

  it('fails with ItemNotFoundError when conditional and no item exists', async () => {
    const error = await rejectionOf(db.entity('task').delete({ id: 'd-ghost' }, { expectedVersion: 1 }));
    expect(error).toBeInstanceOf(ItemNotFoundError);
    expect((error as ItemNotFoundError).payload).toEqual({ entity: 'task', key: { id: 'd-ghost' } });
  });

  it('fails with VersionConflictError on a stale version, keeping the item', async () => {
    await createTask('d-stale');
    await db.entity('task').update({ id: 'd-stale' }, { set: { title: 'v2' } });
    const error = await rejectionOf(db.entity('task').delete({ id: 'd-stale' }, { expectedVersion: 1 }));
    expect(error).toBeInstanceOf(VersionConflictError);
    expect((error as VersionConflictError).payload).toMatchObject({ expectedVersion: 1, actualVersion: 2 });
    expect(await db.entity('task').get({ id: 'd-stale' }, { consistent: true })).toBeDefined();
  });

  it('fails with ConditionFailedError when where does not hold, keeping the item', async () => {
    await createTask('d-where');
    const error = await rejectionOf(db.entity('task').delete({ id: 'd-where' }, { where: { priority: 0 } }));
    expect(error).toBeInstanceOf(ConditionFailedError);
    expect((error as ConditionFailedError).payload.condition).toEqual({ priority: 0 });
    expect(await db.entity('task').get({ id: 'd-where' }, { consistent: true })).toBeDefined();
  });

  it('refuses a key part that renders empty with EmptyKeyPartError, before any request', async () => {
    const before = requestsSent(db);
    expect(await rejectionOf(db.entity('task').delete({ id: '' }))).toBeInstanceOf(EmptyKeyPartError);
    expect(requestsSent(db)).toBe(before);
  });

  it('takes the item out of the indexes it was in', async () => {
    await db.entity('doc').create({ realm: 'd-r', kind: 'd-kind', number: 1, title: 'A', visibility: 'public' });
    await db.entity('doc').delete({ realm: 'd-r', kind: 'd-kind', number: 1 });
    expect((await db.query('listPublicDocsByKind', { kind: 'd-kind' })).items).toEqual([]);
  });
});
