import { beforeAll, expect, it } from 'vitest';
import { UnsupportedOperationError, type TableRepository } from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { openTable, rejectionOf, requestsSent } from '../support/open-table.js';

/** What `update` refuses whatever the caller's types said, a transition's extra `set` refuses too. */
describeEachEngine('EntityRepository.transition with key, state or version attributes in set', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine);
    await db.entity('task').create({ id: 'f-1', title: 't', createdAt: '2026-08-01' });
  });

  it('refuses a key attribute in set before any request, leaving the item as it was', async () => {
    const before = requestsSent(db);
    const error = await rejectionOf(
      db.entity('task').transition({ id: 'f-1' }, { from: 'todo', to: 'doing', set: { id: 'other' } } as never),
    );
    expect(error).toBeInstanceOf(UnsupportedOperationError);
    expect((error as UnsupportedOperationError).payload.reason).toBe(
      "'id' is a key, state or version attribute: write a new item instead",
    );
    expect(requestsSent(db)).toBe(before);
    expect(await db.entity('task').get({ id: 'f-1' }, { consistent: true })).toMatchObject({
      id: 'f-1',
      status: 'todo',
      version: 1,
    });
  });

  it('refuses the version or the state attribute in set', async () => {
    for (const set of [{ version: 9 }, { status: 'done' }]) {
      expect(
        await rejectionOf(db.entity('task').transition({ id: 'f-1' }, { from: 'todo', to: 'doing', set } as never)),
      ).toBeInstanceOf(UnsupportedOperationError);
    }
  });

  it('refuses them in a transaction action too', async () => {
    expect(
      await rejectionOf(
        db
          .entity('task')
          .transaction.transition({ id: 'f-1' }, { from: 'todo', to: 'doing', set: { id: 'x' } } as never),
      ),
    ).toBeInstanceOf(UnsupportedOperationError);
  });

  it('still moves the item when set holds other attributes only, or nothing', async () => {
    await db.entity('task').transition({ id: 'f-1' }, { from: 'todo', to: 'doing', set: { note: 'ok' } });
    await db.entity('task').transition({ id: 'f-1' }, { from: 'doing', to: 'todo' });
    expect(await db.entity('task').get({ id: 'f-1' }, { consistent: true })).toMatchObject({
      id: 'f-1',
      status: 'todo',
      note: 'ok',
      version: 3,
    });
  });
});
