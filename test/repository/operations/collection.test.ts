import { beforeAll, expect, it } from 'vitest';
import { EmptyKeyPartError, UnsupportedOperationError, type TableRepository } from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { openTable, rejectionOf } from '../support/open-table.js';

describeEachEngine('TableRepository.collection', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine);
  });

  it('splits one partition into an array per entity of the pattern', async () => {
    await db.entity('task').create({ id: 'k-1', title: 'parent', createdAt: '2026-06-01' });
    await db.entity('event').batchPut([3, 1, 2].map((at) => ({ taskId: 'k-1', at, text: `e${at}` })));
    const { task, event } = await db.collection('getTaskWithEvents', { id: 'k-1' });
    expect(task.map((t) => t.title)).toEqual(['parent']);
    expect(event.map((e) => e.at)).toEqual([1, 2, 3]);
  });

  it('returns an empty array for every entity of an empty partition', async () => {
    expect(await db.collection('getTaskWithEvents', { id: 'k-none' })).toEqual({ task: [], event: [] });
  });

  it('returns children without their parent when only children exist', async () => {
    await db.entity('event').create({ taskId: 'k-orphan', at: 1, text: 'alone' });
    expect(await db.collection('getTaskWithEvents', { id: 'k-orphan' }, { consistent: true })).toEqual({
      task: [],
      event: [{ taskId: 'k-orphan', at: 1, text: 'alone' }],
    });
  });

  it('leaves out items of entities the pattern does not name', async () => {
    await db.entity('task').create({ id: 'k-only', title: 'parent', createdAt: '2026-06-01' });
    await db.entity('event').create({ taskId: 'k-only', at: 1, text: 'child' });
    const result = await db.collection('getTask', { id: 'k-only' });
    expect(Object.keys(result)).toEqual(['task']);
    expect(result.task.map((t) => t.id)).toEqual(['k-only']);
  });

  it('refuses a consistent read of an index with UnsupportedOperationError', async () => {
    expect(
      // @ts-expect-error a consistent read of an index is a compile error too; JavaScript callers reach this check
      await rejectionOf(db.collection('listPublicDocsByKind', { kind: 'x' }, { consistent: true })),
    ).toBeInstanceOf(UnsupportedOperationError);
  });

  it('refuses a missing key parameter with EmptyKeyPartError', async () => {
    expect(await rejectionOf(db.collection('getTaskWithEvents', {} as never))).toBeInstanceOf(EmptyKeyPartError);
  });
});
