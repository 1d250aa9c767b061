import { beforeAll, expect, it } from 'vitest';
import { UnsupportedOperationError, type TableRepository } from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { openTable, rejectionOf, requestsSent } from '../support/open-table.js';

/** The doc entity declares no version attribute: an expected version could not be checked. */
describeEachEngine('expectedVersion on an entity without a version', (engine) => {
  let db: TableRepository<TaskModel>;
  const key = { realm: 'v', kind: 'k', number: 1 };
  const doc = { ...key, title: 'T', visibility: 'private' as const };
  beforeAll(async () => {
    db = await openTable(engine);
    await db.entity('doc').create(doc);
  });
  const refused = async (write: Promise<unknown>) => {
    const before = requestsSent(db);
    const error = await rejectionOf(write);
    expect(error).toBeInstanceOf(UnsupportedOperationError);
    expect((error as UnsupportedOperationError).payload).toEqual({
      entity: 'doc',
      reason:
        'expectedVersion needs a version attribute, and this entity declares none: the version could not be checked',
    });
    expect(requestsSent(db)).toBe(before);
  };

  it('is refused by put, before any request, instead of writing unchecked', async () => {
    await refused(db.entity('doc').put({ ...doc, title: 'lost update' }, { expectedVersion: 1 }));
    expect((await db.entity('doc').get(key, { consistent: true }))?.title).toBe('T');
  });

  it('is refused by update, before any request', async () => {
    await refused(db.entity('doc').update(key, { set: { title: 'lost update' } }, { expectedVersion: 1 }));
  });

  it('is refused by delete, before any request', async () => {
    await refused(db.entity('doc').delete(key, { expectedVersion: 1 }));
    expect(await db.entity('doc').get(key, { consistent: true })).toBeDefined();
  });

  it('is refused by the transaction builders of put, update and delete', async () => {
    await refused(db.entity('doc').transaction.put(doc, { expectedVersion: 1 }));
    await refused(
      db.entity('doc').transaction.update(key, { set: { title: 'x', visibility: 'private' } }, { expectedVersion: 1 }),
    );
    await refused(db.entity('doc').transaction.delete(key, { expectedVersion: 1 }));
  });
});
