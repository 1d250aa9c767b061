import { beforeAll, expect, it } from 'vitest';
import {
  ItemNotFoundError,
  ValidationError,
  VersionConflictError,
  type TableRepository,
} from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { openTable, rejectionOf, requestsSent } from '../support/open-table.js';

describeEachEngine('EntityRepository.put', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine);
  });
  const task = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    title: 't',
    createdAt: '2026-02-01',
    ...extra,
  });

  it('creates a missing item when no version is expected', async () => {
    await db.entity('task').put(task('p-new'));
    expect(await db.entity('task').get({ id: 'p-new' }, { consistent: true })).toMatchObject({
      id: 'p-new',
      version: 1,
    });
  });

  it('replaces the stored item whole, dropping attributes the new one lacks', async () => {
    await db.entity('task').create(task('p-whole', { note: 'old note' }));
    await db.entity('task').put(task('p-whole', { title: 'replaced' }));
    const stored = await db.entity('task').get({ id: 'p-whole' }, { consistent: true });
    expect(stored).toMatchObject({ title: 'replaced' });
    expect(stored).not.toHaveProperty('note');
  });

  it('with the stored version expected, writes version + 1', async () => {
    await db.entity('task').create(task('p-versioned'));
    const written = await db.entity('task').put(task('p-versioned', { title: 'v2' }), { expectedVersion: 1 });
    expect(written).toMatchObject({ title: 'v2', version: 2 });
    expect(await db.entity('task').get({ id: 'p-versioned' }, { consistent: true })).toMatchObject({ version: 2 });
  });

  it('with a stale version expected, fails with VersionConflictError carrying both versions, writing nothing', async () => {
    await db.entity('task').create(task('p-stale'));
    await db.entity('task').update({ id: 'p-stale' }, { set: { title: 'moved on' } });
    const error = await rejectionOf(db.entity('task').put(task('p-stale', { title: 'lost' }), { expectedVersion: 1 }));
    expect(error).toBeInstanceOf(VersionConflictError);
    expect((error as VersionConflictError).payload).toEqual({
      entity: 'task',
      key: { id: 'p-stale' },
      expectedVersion: 1,
      actualVersion: 2,
    });
    expect((await db.entity('task').get({ id: 'p-stale' }, { consistent: true }))?.title).toBe('moved on');
  });

  it('with a version expected of a missing item, fails with ItemNotFoundError', async () => {
    const error = await rejectionOf(db.entity('task').put(task('p-ghost'), { expectedVersion: 3 }));
    expect(error).toBeInstanceOf(ItemNotFoundError);
    expect((error as ItemNotFoundError).payload).toEqual({ entity: 'task', key: { id: 'p-ghost' } });
    expect(await db.entity('task').get({ id: 'p-ghost' }, { consistent: true })).toBeUndefined();
  });

  it('refuses an invalid item with ValidationError before any request', async () => {
    const before = requestsSent(db);
    const error = await rejectionOf(
      db.entity('doc').put({ realm: '', kind: 'k', number: 1, title: 't', visibility: 'public' }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).payload.issues.map((issue) => issue.attribute)).toEqual(['realm']);
    expect(requestsSent(db)).toBe(before);
  });

  it('moves the item between sparse index partitions with the new values', async () => {
    await db.entity('doc').put({ realm: 'p-r', kind: 'p-kind', number: 1, title: 'A', visibility: 'public' });
    expect((await db.query('listPublicDocsByKind', { kind: 'p-kind' })).items.map((d) => d.title)).toEqual(['A']);
    await db.entity('doc').put({ realm: 'p-r', kind: 'p-kind', number: 1, title: 'A', visibility: 'private' });
    expect((await db.query('listPublicDocsByKind', { kind: 'p-kind' })).items).toEqual([]);
  });
});
