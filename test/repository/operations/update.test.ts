import { beforeAll, expect, it } from 'vitest';
import {
  ConditionFailedError,
  ItemNotFoundError,
  UnsupportedOperationError,
  ValidationError,
  VersionConflictError,
  type TableRepository,
} from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { openTable, rejectionOf, requestsSent } from '../support/open-table.js';

describeEachEngine('EntityRepository.update', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine);
  });
  const createTask = (id: string, extra: Record<string, unknown> = {}) =>
    db.entity('task').create({ id, title: 't', createdAt: '2026-03-01', ...extra });
  const createDoc = (realm: string, visibility: 'public' | 'private' = 'private') =>
    db.entity('doc').create({ realm, kind: 'k', number: 1, title: 'T', visibility });

  it('sets attributes, bumps the version and returns the whole new item', async () => {
    await createTask('u-set');
    const updated = await db.entity('task').update({ id: 'u-set' }, { set: { title: 'new', priority: 4 } });
    expect(updated).toEqual({
      id: 'u-set',
      title: 'new',
      status: 'todo',
      priority: 4,
      createdAt: '2026-03-01',
      version: 2,
    });
  });

  it('removes optional attributes', async () => {
    await createTask('u-remove', { note: 'n' });
    const updated = await db.entity('task').update({ id: 'u-remove' }, { remove: ['note'] });
    expect(updated).not.toHaveProperty('note');
    expect(await db.entity('task').get({ id: 'u-remove' }, { consistent: true })).not.toHaveProperty('note');
  });

  it('with an empty change on a versioned entity, only bumps the version', async () => {
    await createTask('u-touch');
    expect(await db.entity('task').update({ id: 'u-touch' }, {})).toMatchObject({ title: 't', version: 2 });
  });

  it('writes when the expected version and the where condition hold', async () => {
    await createTask('u-guarded', { priority: 2 });
    const updated = await db
      .entity('task')
      .update({ id: 'u-guarded' }, { set: { title: 'ok' } }, { expectedVersion: 1, where: { priority: 2 } });
    expect(updated).toMatchObject({ title: 'ok', version: 2 });
  });

  it('fails with ItemNotFoundError for a key with no item, creating nothing', async () => {
    const error = await rejectionOf(db.entity('task').update({ id: 'u-ghost' }, { set: { title: 'x' } }));
    expect(error).toBeInstanceOf(ItemNotFoundError);
    expect((error as ItemNotFoundError).payload).toEqual({ entity: 'task', key: { id: 'u-ghost' } });
    expect(await db.entity('task').get({ id: 'u-ghost' }, { consistent: true })).toBeUndefined();
  });

  it('fails with VersionConflictError carrying both versions when the version read is stale', async () => {
    await createTask('u-stale');
    await db.entity('task').update({ id: 'u-stale' }, { set: { title: 'first' } });
    const error = await rejectionOf(
      db.entity('task').update({ id: 'u-stale' }, { set: { title: 'second' } }, { expectedVersion: 1 }),
    );
    expect(error).toBeInstanceOf(VersionConflictError);
    expect((error as VersionConflictError).payload).toEqual({
      entity: 'task',
      key: { id: 'u-stale' },
      expectedVersion: 1,
      actualVersion: 2,
    });
    expect((await db.entity('task').get({ id: 'u-stale' }, { consistent: true }))?.title).toBe('first');
  });

  it('fails with ConditionFailedError naming the condition when where does not hold', async () => {
    await createTask('u-where', { priority: 1 });
    const error = await rejectionOf(
      db.entity('task').update({ id: 'u-where' }, { set: { title: 'x' } }, { where: { priority: 9 } }),
    );
    expect(error).toBeInstanceOf(ConditionFailedError);
    expect((error as ConditionFailedError).payload).toEqual({
      entity: 'task',
      key: { id: 'u-where' },
      condition: { priority: 9 },
    });
  });

  it('reads an undefined where value as "the attribute is absent"', async () => {
    await createTask('u-absent');
    expect(
      await db.entity('task').update({ id: 'u-absent' }, { set: { note: 'first' } }, { where: { note: undefined } }),
    ).toMatchObject({ note: 'first' });
    const error = await rejectionOf(
      db.entity('task').update({ id: 'u-absent' }, { set: { note: 'second' } }, { where: { note: undefined } }),
    );
    expect(error).toBeInstanceOf(ConditionFailedError);
  });

  it('reports the version conflict, not the where condition, when both fail', async () => {
    await createTask('u-both', { priority: 1 });
    await db.entity('task').update({ id: 'u-both' }, {});
    const error = await rejectionOf(
      db
        .entity('task')
        .update({ id: 'u-both' }, { set: { title: 'x' } }, { expectedVersion: 1, where: { priority: 9 } }),
    );
    expect(error).toBeInstanceOf(VersionConflictError);
  });

  it('refuses a key, state or version attribute with UnsupportedOperationError, before any request', async () => {
    const before = requestsSent(db);
    for (const changes of [
      { set: { id: 'other' } },
      { set: { status: 'done' } },
      { set: { version: 7 } },
      { remove: ['version'] },
    ]) {
      const error = await rejectionOf(db.entity('task').update({ id: 'u-fixed' }, changes as never));
      expect(error).toBeInstanceOf(UnsupportedOperationError);
      expect((error as UnsupportedOperationError).payload.reason).toMatch(/is a key, state or version attribute/);
    }
    expect(requestsSent(db)).toBe(before);
  });

  it('points a change of the state attribute to transition()', async () => {
    const error = await rejectionOf(db.entity('task').update({ id: 'u-state' }, { set: { status: 'done' } } as never));
    expect((error as UnsupportedOperationError).payload.reason).toBe(
      "'status' is a key, state or version attribute: use transition()",
    );
  });

  it('refuses an empty change on an unversioned entity with UnsupportedOperationError', async () => {
    const error = await rejectionOf(db.entity('doc').update({ realm: 'u-r', kind: 'k', number: 1 }, {}));
    expect(error).toBeInstanceOf(UnsupportedOperationError);
    expect((error as UnsupportedOperationError).payload).toEqual({
      entity: 'doc',
      reason: 'an update needs at least one change',
    });
  });

  it('refuses a value its schema rejects with ValidationError, before any request', async () => {
    const before = requestsSent(db);
    const error = await rejectionOf(db.entity('task').update({ id: 'u-invalid' }, { set: { priority: 0.5 } }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).payload.issues.map((issue) => issue.attribute)).toEqual(['priority']);
    expect(requestsSent(db)).toBe(before);
  });

  it('reads the stored item first when a moved index key depends on attributes not in the change', async () => {
    await createDoc('u-moves');
    const updated = await db
      .entity('doc')
      .update({ realm: 'u-moves', kind: 'k', number: 1 }, { set: { visibility: 'public' } });
    expect(updated).toMatchObject({ visibility: 'public', title: 'T' });
    expect((await db.query('listPublicDocsByKind', { kind: 'k' })).items.map((d) => d.realm)).toContain('u-moves');
  });

  it('fails with ItemNotFoundError when the item it had to read first does not exist', async () => {
    const error = await rejectionOf(
      db.entity('doc').update({ realm: 'u-absent', kind: 'k', number: 1 }, { set: { visibility: 'public' } }),
    );
    expect(error).toBeInstanceOf(ItemNotFoundError);
    expect((error as ItemNotFoundError).payload.key).toEqual({ realm: 'u-absent', kind: 'k', number: 1 });
  });

  it("removes an attribute set to the empty string under the default 'omit' policy", async () => {
    await createTask('u-empty', { note: 'n' });
    const updated = await db.entity('task').update({ id: 'u-empty' }, { set: { note: '' } });
    expect(updated).not.toHaveProperty('note');
  });

  it('applies concurrent updates with the version read exactly once each', async () => {
    await createTask('u-race', { priority: 0 });
    const attempts = await Promise.allSettled(
      [1, 2, 3].map((priority) =>
        db.entity('task').update({ id: 'u-race' }, { set: { priority } }, { expectedVersion: 1 }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const failed of attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected'))
      expect(failed.reason).toBeInstanceOf(VersionConflictError);
    expect(await db.entity('task').get({ id: 'u-race' }, { consistent: true })).toMatchObject({ version: 2 });
  });
});
