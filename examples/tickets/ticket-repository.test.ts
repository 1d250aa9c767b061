import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidTransitionError, ItemNotFoundError, VersionConflictError } from '../../src/repository/index.js';
import { createTestTable, expectDesignOk, type TestTable } from '../../src/testing/index.js';
import { model, TicketRepository, type Ticket } from './index.js';

const start = '2026-03-02T09:00:00.000Z';

it('serves every access pattern with a key condition', () => {
  expectDesignOk(model, { failOnWarnings: true });
});

describe('the support desk', () => {
  let t: TestTable<typeof model>;
  let desk: TicketRepository;

  beforeEach(async () => {
    t = await createTestTable(model, { now: start });
    // The code under test gets the test table's client and clock, as it would get AWS's and Date.now.
    desk = new TicketRepository(t.client, { now: t.clock.now });
  });
  afterEach(() => t.close());

  const ids = (page: { items: Ticket[] }) => page.items.map((ticket) => ticket.ticketId);

  it('opens tickets under a project and lists them by status, newest first', async () => {
    await t.seed({ project: [{ projectId: 'web', name: 'Website' }] });
    for (const ticketId of ['WEB-1', 'WEB-2', 'WEB-3']) {
      await desk.openTicket({ ticketId, projectId: 'web', title: `Ticket ${ticketId}` });
      t.clock.advance('1h');
    }
    expect(await desk.getTicket('WEB-2')).toEqual({
      ticketId: 'WEB-2',
      projectId: 'web',
      title: 'Ticket WEB-2',
      status: 'open',
      createdAt: '2026-03-02T10:00:00.000Z',
      version: 1,
    });
    expect(ids(await desk.listByStatus('web', 'open'))).toEqual(['WEB-3', 'WEB-2', 'WEB-1']);
    expect(ids(await desk.listByStatus('mobile', 'open'))).toEqual([]);
  });

  it('moves a ticket through its states, and between the status lists with it; refuses a move the machine forbids', async () => {
    await desk.openTicket({ ticketId: 'WEB-1', projectId: 'web', title: 'Login fails' });
    await desk.move('WEB-1', 'open', 'in_progress');
    expect(ids(await desk.listByStatus('web', 'open'))).toEqual([]);
    expect(ids(await desk.listByStatus('web', 'in_progress'))).toEqual(['WEB-1']);

    const skipped = await desk.move('WEB-1', 'in_progress', 'closed').catch((error: unknown) => error);
    expect(skipped).toBeInstanceOf(InvalidTransitionError);
    expect((skipped as InvalidTransitionError).payload).toMatchObject({ reason: 'not-allowed' });

    const stale = await desk.move('WEB-1', 'open', 'closed').catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(InvalidTransitionError);
    expect((stale as InvalidTransitionError).payload).toMatchObject({ expected: 'open', actual: 'in_progress' });

    await desk.move('WEB-1', 'in_progress', 'resolved');
    await desk.move('WEB-1', 'resolved', 'open');
    expect((await desk.getTicket('WEB-1'))?.status).toBe('open');
  });

  it("keeps an assignee's queue of tickets still to do, per status, and notifies them of each assignment", async () => {
    await t.seed({
      ticket: [
        { ticketId: 'WEB-1', projectId: 'web', title: 'Login fails', createdAt: '2026-03-01T08:00:00.000Z' },
        { ticketId: 'WEB-2', projectId: 'web', title: 'Slow search', createdAt: '2026-03-01T09:00:00.000Z' },
        { ticketId: 'APP-1', projectId: 'app', title: 'Crash', createdAt: '2026-03-01T10:00:00.000Z' },
      ],
    });
    await desk.assign('WEB-1', 'ann');
    t.clock.advance('1m'); // the clock stands still until moved: the notifications differ in time
    const assigned = await desk.assign('APP-1', 'ann', { expectedVersion: 1 });
    expect(assigned).toMatchObject({ assignee: 'ann', version: 2 });
    expect(ids(await desk.listByAssignee('ann', 'open'))).toEqual(['APP-1', 'WEB-1']);

    await desk.move('WEB-1', 'open', 'in_progress');
    expect(ids(await desk.listByAssignee('ann', 'open'))).toEqual(['APP-1']);
    expect(ids(await desk.listByAssignee('ann', 'in_progress'))).toEqual(['WEB-1']);
    // Resolved work leaves the queue, and comes back when reopened.
    await desk.move('WEB-1', 'in_progress', 'resolved');
    expect(ids(await desk.listByAssignee('ann', 'in_progress'))).toEqual([]);
    await desk.move('WEB-1', 'resolved', 'open');
    expect(ids(await desk.listByAssignee('ann', 'open'))).toEqual(['APP-1', 'WEB-1']);

    const { items } = await desk.notifications('ann');
    expect(items.map((notification) => notification.text)).toEqual([
      'APP-1 was assigned to you: Crash',
      'WEB-1 was assigned to you: Login fails',
    ]);
    await expect(desk.assign('WEB-2', 'bob', { expectedVersion: 7 })).rejects.toBeInstanceOf(VersionConflictError);
    expect((await desk.notifications('bob')).items).toEqual([]);
  });

  it('keeps comments in the order they were written, and refuses one on a missing ticket', async () => {
    await desk.openTicket({ ticketId: 'WEB-1', projectId: 'web', title: 'Login fails' });
    await desk.addComment('WEB-1', { commentId: 'c1', author: 'ann', body: 'Reproduced' });
    t.clock.advance('5m');
    await desk.addComment('WEB-1', { commentId: 'c0', author: 'bob', body: 'Fixed in 1.2.3' });
    const found = await desk.getTicketWithComments('WEB-1');
    expect(found?.ticket.ticketId).toBe('WEB-1');
    expect(found?.comments.map((comment) => comment.body)).toEqual(['Reproduced', 'Fixed in 1.2.3']);

    const missing = await desk
      .addComment('WEB-404', { commentId: 'c1', author: 'ann', body: 'Hello?' })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ItemNotFoundError);
    expect((missing as ItemNotFoundError).payload).toEqual({ entity: 'ticket', key: { ticketId: 'WEB-404' } });
    expect(await desk.getTicketWithComments('WEB-404')).toBeUndefined();
    expect((await t.db.collection('listComments', { ticketId: 'WEB-404' })).comment).toEqual([]);
  });

  it('lets notifications expire 14 days after they are written', async () => {
    await t.seed({ ticket: [{ ticketId: 'WEB-1', projectId: 'web', title: 'Login fails', createdAt: start }] });
    await desk.assign('WEB-1', 'ann');
    t.clock.advance({ days: 13, hours: 23 });
    expect((await desk.notifications('ann')).items).toHaveLength(1);
    t.clock.advance('1h');
    expect((await desk.notifications('ann')).items).toEqual([]);
    expect(await desk.getTicket('WEB-1')).toBeDefined();
  });

  it('pages through a long status list with cursors', async () => {
    const tickets = Array.from({ length: 25 }, (_, i) => ({
      ticketId: `WEB-${i + 1}`,
      projectId: 'web',
      title: `Ticket ${i + 1}`,
      createdAt: new Date(Date.parse(start) + i * 60_000).toISOString(),
    }));
    await t.seed({ ticket: tickets });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await desk.listByStatus('web', 'open', { limit: 10, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toEqual(tickets.map((ticket) => ticket.ticketId).reverse());
  });
});
