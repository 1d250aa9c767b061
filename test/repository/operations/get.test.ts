import { beforeAll, expect, it } from 'vitest';
import { EmptyKeyPartError, type TableRepository } from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { openTable, rejectionOf, requestsSent } from '../support/open-table.js';

describeEachEngine('EntityRepository.get', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine);
  });

  it('returns undefined for a key with no item', async () => {
    expect(await db.entity('task').get({ id: 'g-none' })).toBeUndefined();
    expect(await db.entity('task').get({ id: 'g-none' }, { consistent: true })).toBeUndefined();
  });

  it('reads the item of the key, and not an item of another entity in the same partition', async () => {
    await db.entity('task').create({ id: 'g-1', title: 'parent', createdAt: '2026-01-01' });
    await db.entity('event').create({ taskId: 'g-1', at: 1, text: 'child' });
    expect(await db.entity('task').get({ id: 'g-1' }, { consistent: true })).toMatchObject({
      id: 'g-1',
      title: 'parent',
    });
    expect(await db.entity('event').get({ taskId: 'g-1', at: 1 }, { consistent: true })).toEqual({
      taskId: 'g-1',
      at: 1,
      text: 'child',
    });
  });

  it('reads a key whose values hold the separator and the escape character', async () => {
    await db.entity('doc').create({ realm: '%#%23', kind: '#', number: 9, title: 'odd', visibility: 'private' });
    expect(await db.entity('doc').get({ realm: '%#%23', kind: '#', number: 9 }, { consistent: true })).toMatchObject({
      title: 'odd',
    });
    expect(
      await db.entity('doc').get({ realm: '%#%23', kind: '%23', number: 9 }, { consistent: true }),
    ).toBeUndefined();
  });

  it('refuses a key part that renders empty with EmptyKeyPartError, before any request', async () => {
    const before = requestsSent(db);
    const error = await rejectionOf(db.entity('doc').get({ realm: 'r', kind: '', number: 1 }));
    expect(error).toBeInstanceOf(EmptyKeyPartError);
    expect((error as EmptyKeyPartError).payload).toEqual({ template: 'DOC#{kind}#{number:4}', part: 'kind' });
    expect(requestsSent(db)).toBe(before);
  });

  it('books the read under the access pattern that gets one item of the entity by its key', async () => {
    const before = db.capacity.totals().get('getTask')?.requests ?? 0;
    await db.entity('task').get({ id: 'g-booked' });
    expect(db.capacity.totals().get('getTask')?.requests).toBe(before + 1);
    await db.entity('event').get({ taskId: 'g-booked', at: 1 });
    expect(db.capacity.totals().get('event.get')?.requests).toBeGreaterThanOrEqual(1);
  });
});
