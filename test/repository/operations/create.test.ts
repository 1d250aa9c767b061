import { beforeAll, expect, it } from 'vitest';
import {
  EmptyKeyPartError,
  ItemAlreadyExistsError,
  ValidationError,
  type TableRepository,
} from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import type { TaskModel } from '../fixtures/task-model.js';
import { openTable, rejectionOf, requestsSent } from '../support/open-table.js';

describeEachEngine('EntityRepository.create', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine);
  });

  it('returns the item with schema defaults applied and version 1', async () => {
    const created = await db.entity('task').create({ id: 'c-defaults', title: 'x', createdAt: '2026-01-01' });
    expect(created).toEqual({
      id: 'c-defaults',
      title: 'x',
      status: 'todo',
      priority: 0,
      createdAt: '2026-01-01',
      version: 1,
    });
  });

  it('returns only entity attributes: no table keys, entity type, index keys or TTL', async () => {
    const created = await db.entity('event').create({ taskId: 'c-clean', at: 5, text: 'e' });
    expect(Object.keys(created).sort()).toEqual(['at', 'taskId', 'text']);
  });

  it('stores what it returns, so a consistent get reads the same item back', async () => {
    const created = await db
      .entity('doc')
      .create({ realm: 'c-r', kind: 'memo', number: 3, title: 'T', visibility: 'private' });
    expect(await db.entity('doc').get({ realm: 'c-r', kind: 'memo', number: 3 }, { consistent: true })).toEqual(
      created,
    );
  });

  it('refuses a taken key with ItemAlreadyExistsError naming the entity and key, leaving the stored item', async () => {
    await db.entity('task').create({ id: 'c-taken', title: 'first', createdAt: '2026-01-01' });
    const error = await rejectionOf(
      db.entity('task').create({ id: 'c-taken', title: 'second', createdAt: '2026-01-02' }),
    );
    expect(error).toBeInstanceOf(ItemAlreadyExistsError);
    expect(error).toMatchObject({ code: 'ItemAlreadyExists', payload: { entity: 'task', key: { id: 'c-taken' } } });
    expect((await db.entity('task').get({ id: 'c-taken' }, { consistent: true }))?.title).toBe('first');
  });

  it('refuses a value its schema rejects with ValidationError naming the attribute, before any request', async () => {
    const before = requestsSent(db);
    const error = await rejectionOf(
      db.entity('task').create({ id: 'c-bad', title: 'x', createdAt: '2026-01-01', priority: 1.5 }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).payload.issues).toEqual([
      expect.objectContaining({ attribute: 'priority', path: ['priority'] }),
    ]);
    expect(requestsSent(db)).toBe(before);
  });

  it('refuses an attribute the entity does not declare with ValidationError', async () => {
    const error = await rejectionOf(
      db.entity('task').create({ id: 'c-extra', title: 'x', createdAt: '2026-01-01', colour: 'red' } as never),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).payload.issues).toEqual([
      { attribute: 'colour', message: 'Unknown attribute', path: ['colour'] },
    ]);
  });

  it('refuses a missing required attribute with ValidationError', async () => {
    const error = await rejectionOf(db.entity('task').create({ id: 'c-missing', createdAt: '2026-01-01' } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).payload.issues.map((issue) => issue.attribute)).toEqual(['title']);
  });

  it('refuses a key part that renders empty with EmptyKeyPartError, before any request', async () => {
    const before = requestsSent(db);
    // The event schema accepts an empty taskId; the key template does not.
    const error = await rejectionOf(db.entity('event').create({ taskId: '', at: 1, text: 'x' }));
    expect(error).toBeInstanceOf(EmptyKeyPartError);
    expect((error as EmptyKeyPartError).payload).toEqual({ template: 'TASK#{taskId}', part: 'taskId' });
    expect(requestsSent(db)).toBe(before);
  });

  it('keeps two items apart whose key values differ only by an escaped separator', async () => {
    await db.entity('task').create({ id: 'c#1', title: 'hash', createdAt: '2026-01-01' });
    await db.entity('task').create({ id: 'c%231', title: 'percent', createdAt: '2026-01-01' });
    expect((await db.entity('task').get({ id: 'c#1' }, { consistent: true }))?.title).toBe('hash');
    expect((await db.entity('task').get({ id: 'c%231' }, { consistent: true }))?.title).toBe('percent');
  });
});
