import { beforeAll, expect, it } from 'vitest';
import {
  EmptyKeyPartError,
  InvalidCursorError,
  TableRepository,
  UnsupportedOperationError,
} from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import { taskModel, type TaskModel } from '../fixtures/task-model.js';
import { clientOf, openTable, rejectionOf, requestsSent } from '../support/open-table.js';

describeEachEngine('TableRepository.query', (engine) => {
  let db: TableRepository<TaskModel>;
  beforeAll(async () => {
    db = await openTable(engine);
    // Realm q: ten docs of kind 'memo', numbered 1..10 (zero-padded in the key), and one 'note'.
    for (let number = 1; number <= 10; number++) {
      await db.entity('doc').create({
        realm: 'q',
        kind: 'memo',
        number,
        title: `memo ${number}`,
        visibility: number % 2 ? 'public' : 'private',
      });
    }
    await db.entity('doc').create({ realm: 'q', kind: 'note', number: 1, title: 'note', visibility: 'public' });
  });

  const allPages = async (limit: number) => {
    const pages: number[][] = [];
    let cursor: string | undefined;
    do {
      const page = await db.query(
        'listDocsOfKind',
        { realm: 'q', kind: 'memo' },
        { limit, ...(cursor ? { cursor } : {}) },
      );
      pages.push(page.items.map((d) => d.number));
      cursor = page.cursor;
    } while (cursor);
    return pages;
  };

  it('returns the items its key condition selects, in numeric order of the zero-padded sort key', async () => {
    const { items, cursor } = await db.query('listDocsOfKind', { realm: 'q', kind: 'memo' });
    expect(items.map((d) => d.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(cursor).toBeUndefined();
  });

  it('returns no items and no cursor for an empty partition', async () => {
    expect(await db.query('listDocsOfKind', { realm: 'q-empty', kind: 'memo' })).toEqual({ items: [] });
  });

  it('pages with a limit, every item once, the last page without a cursor', async () => {
    const pages = await allPages(3);
    expect(pages.flat()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pages.every((page) => page.length <= 3)).toBe(true);
  });

  it('reads an index pattern in descending order when the pattern says so', async () => {
    for (const [i, id] of ['q-a', 'q-b', 'q-c'].entries())
      await db.entity('task').create({ id, title: id, createdAt: `2030-01-0${i + 1}` });
    const ids = (await db.query('listTasksByStatus', { status: 'todo' })).items.map((t) => t.id);
    expect(ids.filter((id) => id.startsWith('q-'))).toEqual(['q-c', 'q-b', 'q-a']);
  });

  it('refuses an altered cursor with InvalidCursorError (tampered)', async () => {
    const { cursor } = await db.query('listDocsOfKind', { realm: 'q', kind: 'memo' }, { limit: 2 });
    const [version, payload, mac] = (cursor as string).split('.');
    const altered = `${version}.${payload.slice(0, -2)}${payload.endsWith('A') ? 'B' : 'A'}${payload.slice(-1)}.${mac}`;
    const error = await rejectionOf(db.query('listDocsOfKind', { realm: 'q', kind: 'memo' }, { cursor: altered }));
    expect(error).toBeInstanceOf(InvalidCursorError);
    expect((error as InvalidCursorError).payload).toEqual({ reason: 'tampered' });
  });

  it('refuses a cursor of the same pattern with other parameters (other-listing), before any request', async () => {
    const { cursor } = await db.query('listDocsOfKind', { realm: 'q', kind: 'memo' }, { limit: 2 });
    const before = requestsSent(db);
    const error = await rejectionOf(
      db.query('listDocsOfKind', { realm: 'q', kind: 'note' }, { cursor: cursor as string }),
    );
    expect((error as InvalidCursorError).payload).toEqual({ reason: 'other-listing' });
    expect(requestsSent(db)).toBe(before);
  });

  it('refuses a cursor of another pattern (other-listing)', async () => {
    const { cursor } = await db.query('listPublicDocsByKind', { kind: 'memo' }, { limit: 1 });
    const error = await rejectionOf(
      db.query('listDocsOfKind', { realm: 'q', kind: 'memo' }, { cursor: cursor as string }),
    );
    expect((error as InvalidCursorError).payload).toEqual({ reason: 'other-listing' });
  });

  it('refuses a cursor issued for the same model on another table (other-listing)', async () => {
    const other = await openTable(engine);
    await other.entity('doc').create({ realm: 'q', kind: 'memo', number: 1, title: 'a', visibility: 'public' });
    await other.entity('doc').create({ realm: 'q', kind: 'memo', number: 2, title: 'b', visibility: 'public' });
    const { cursor } = await other.query('listDocsOfKind', { realm: 'q', kind: 'memo' }, { limit: 1 });
    const error = await rejectionOf(
      db.query('listDocsOfKind', { realm: 'q', kind: 'memo' }, { cursor: cursor as string }),
    );
    expect((error as InvalidCursorError).payload).toEqual({ reason: 'other-listing' });
  });

  it('refuses a cursor signed with another secret (tampered)', async () => {
    const signed = new TableRepository(clientOf(db), taskModel(), {
      tableName: db.tableName,
      cursorSecret: 'another secret',
    });
    const { cursor } = await signed.query('listDocsOfKind', { realm: 'q', kind: 'memo' }, { limit: 2 });
    const error = await rejectionOf(
      db.query('listDocsOfKind', { realm: 'q', kind: 'memo' }, { cursor: cursor as string }),
    );
    expect((error as InvalidCursorError).payload).toEqual({ reason: 'tampered' });
  });

  it('refuses text that is no cursor at all (malformed)', async () => {
    for (const cursor of ['', 'garbage', 'c1.only-two', 'c2.a.b', 'c1.a.b.c']) {
      const error = await rejectionOf(db.query('listDocsOfKind', { realm: 'q', kind: 'memo' }, { cursor }));
      expect(error, cursor).toBeInstanceOf(InvalidCursorError);
      expect((error as InvalidCursorError).payload, cursor).toEqual({ reason: 'malformed' });
    }
  });

  it('refuses a missing key parameter with EmptyKeyPartError, before any request', async () => {
    const before = requestsSent(db);
    const error = await rejectionOf(db.query('listDocsOfKind', { realm: 'q' } as never));
    expect(error).toBeInstanceOf(EmptyKeyPartError);
    expect((error as EmptyKeyPartError).payload.part).toBe('kind');
    expect(requestsSent(db)).toBe(before);
  });

  it('refuses a consistent read of an index with UnsupportedOperationError and allows one on the table', async () => {
    // @ts-expect-error a consistent read of an index is a compile error too; JavaScript callers reach this check
    const onIndex = db.query('listPublicDocsByKind', { kind: 'memo' }, { consistent: true });
    expect(await rejectionOf(onIndex)).toBeInstanceOf(UnsupportedOperationError);
    expect(
      (await db.query('listDocsOfKind', { realm: 'q', kind: 'note' }, { consistent: true })).items.map((d) => d.title),
    ).toEqual(['note']);
  });

  it('books each page under the pattern name', async () => {
    const before = db.capacity.totals().get('listDocsOfKind')?.requests ?? 0;
    const pages = await allPages(4);
    expect(db.capacity.totals().get('listDocsOfKind')?.requests).toBe(before + pages.length);
  });
});
