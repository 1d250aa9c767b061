import { describe, expectTypeOf, it } from 'vitest';
import type { EntityItem } from '../model/index.js';
import type { EntityRepository } from '../repository/index.js';
import type { model, comment, ticket } from '../../examples/tickets/model.js';
import type { TestTable } from './index.js';

declare const t: TestTable<typeof model>;
const createdAt = '2026-03-01T09:00:00.000Z';

describe('typed seeding', () => {
  it("checks each item against its entity's attributes", () => {
    void t.seed({
      ticket: [{ ticketId: 'T-1', projectId: 'web', title: 'Login fails', createdAt }],
      comment: [{ ticketId: 'T-1', commentId: 'c1', author: 'ann', body: 'Seen it', createdAt }],
    });
    // @ts-expect-error 'titel' is not an attribute of ticket
    void t.seed({ ticket: [{ ticketId: 'T-1', projectId: 'web', titel: 'Login fails', createdAt }] });
    // @ts-expect-error a ticket needs its projectId
    void t.seed({ ticket: [{ ticketId: 'T-1', title: 'Login fails', createdAt }] });
    // @ts-expect-error 'paused' is not a ticket status
    void t.seed({ ticket: [{ ticketId: 'T-1', projectId: 'web', title: 'x', status: 'paused', createdAt }] });
    // @ts-expect-error 'body' belongs to comment, not to ticket
    void t.seed({ ticket: [{ ticketId: 'T-1', projectId: 'web', title: 'x', body: 'y', createdAt }] });
    // @ts-expect-error 'tickets' is not an entity of the model
    void t.seed({ tickets: [] });
  });

  it('returns the stored items of the entities seeded, and only those', async () => {
    const seeded = await t.seed({ ticket: [{ ticketId: 'T-1', projectId: 'web', title: 'x', createdAt }] });
    expectTypeOf(seeded).toEqualTypeOf<{ ticket: EntityItem<typeof ticket>[] }>();
    expectTypeOf(seeded.ticket[0].version).toEqualTypeOf<number>();
    // @ts-expect-error no comment was seeded
    void seeded.comment;
  });

  it("types each entity's repository by name", () => {
    expectTypeOf(t.repositories.comment).toEqualTypeOf<EntityRepository<typeof comment>>();
    // @ts-expect-error 'tickets' is not an entity of the model
    void t.repositories.tickets;
  });
});
