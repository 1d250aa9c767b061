import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { EntityItem } from '../../../src/model/index.js';
import {
  ItemNotFoundError,
  TableRepository,
  TransactionCancelledError,
  type CapacityLedger,
} from '../../../src/repository/index.js';
import { model, type comment, type notification, type project, type ticket, type TicketStatus } from '../model.js';

/** A project: the tickets of a desk are filed under one. */
export type Project = EntityItem<typeof project>;
/** A ticket as stored: status, optional assignee, createdAt and its optimistic-locking version. */
export type Ticket = EntityItem<typeof ticket>;
/** One comment on a ticket, stored in the ticket's partition. */
export type Comment = EntityItem<typeof comment>;
/** What a person is told when a ticket is assigned to them (expires 14 days after it is written). */
export type Notification = EntityItem<typeof notification>;

export interface TicketRepositoryOptions {
  /** Physical table name; default the model's (`tickets`). */
  readonly tableName?: string;
  /** Clock in epoch ms: `createdAt` of new items and TTL expiry times. Default `Date.now`. */
  readonly now?: () => number;
  readonly cursorSecret?: string;
  readonly capacity?: CapacityLedger;
}

/** A page of a listing, with the cursor of the next page when there is one. */
export interface Page<T> {
  readonly items: T[];
  readonly cursor?: string;
}

/**
 * The support desk: tickets filed under projects, listed by status (GSI1) and by assignee
 * (GSI2, sparse), moved through their states by conditional writes, commented on, and the
 * notifications assignment sends.
 *
 * @example
 * const desk = new TicketRepository(client);
 * await desk.openTicket({ ticketId: 'WEB-1', projectId: 'web', title: 'Login fails' });
 * await desk.assign('WEB-1', 'ann');
 * await desk.move('WEB-1', 'open', 'in_progress');
 * const { items } = await desk.listByAssignee('ann', 'in_progress');
 */
export class TicketRepository {
  /** The generic repositories underneath, for everything beyond this API. */
  readonly db: TableRepository<typeof model>;
  private readonly now: () => number;

  constructor(client: DynamoDBClient, options: TicketRepositoryOptions = {}) {
    this.now = options.now ?? Date.now;
    this.db = new TableRepository(client, model, { ...options, now: this.now });
  }

  /** Creates a project; a taken id fails with `ItemAlreadyExistsError`. */
  async createProject(input: { projectId: string; name: string }): Promise<Project> {
    return this.db.entity('project').create(input);
  }

  /** Opens a ticket (status `open`, created now); a taken id fails with `ItemAlreadyExistsError`. */
  async openTicket(input: {
    ticketId: string;
    projectId: string;
    title: string;
    description?: string;
  }): Promise<Ticket> {
    return this.db.entity('ticket').create({ ...input, createdAt: this.timestamp() });
  }

  /** The ticket, or undefined. */
  async getTicket(ticketId: string): Promise<Ticket | undefined> {
    return this.db.entity('ticket').get({ ticketId });
  }

  /** The ticket and its comments, oldest first, from one Query of the ticket's partition. */
  async getTicketWithComments(ticketId: string): Promise<{ ticket: Ticket; comments: Comment[] } | undefined> {
    const {
      ticket: [found],
      comment: comments,
    } = await this.db.collection('getTicketWithComments', { ticketId });
    return found ? { ticket: found, comments } : undefined;
  }

  /**
   * Adds a comment, written now, in one transaction with a check that the ticket exists: a
   * comment on a missing ticket fails with `ItemNotFoundError` and nothing is written.
   */
  async addComment(ticketId: string, input: { commentId: string; author: string; body: string }): Promise<Comment> {
    const comment = { ticketId, ...input, createdAt: this.timestamp() };
    try {
      await this.db.transact([
        this.db.entity('ticket').transaction.check({ ticketId }),
        this.db.entity('comment').transaction.create(comment),
      ]);
    } catch (error) {
      const check = error instanceof TransactionCancelledError && error.payload.reasons.find((r) => r.index === 0);
      if (check) throw new ItemNotFoundError(check.item, error);
      throw error;
    }
    return comment;
  }

  /**
   * Assigns the ticket (the write the database checks against `expectedVersion` when given),
   * which puts it in the assignee's queue (GSI2) unless it is resolved or closed, then notifies
   * the assignee.
   */
  async assign(ticketId: string, assignee: string, options: { expectedVersion?: number } = {}): Promise<Ticket> {
    const assigned = await this.db.entity('ticket').update({ ticketId }, { set: { assignee } }, options);
    await this.db.entity('notification').create({
      userId: assignee,
      notificationId: `${ticketId}.v${assigned.version}`,
      ticketId,
      text: `${ticketId} was assigned to you: ${assigned.title}`,
      createdAt: this.timestamp(),
    });
    return assigned;
  }

  /**
   * Moves the ticket between states (open → in_progress → resolved → closed; back to open from
   * in_progress or resolved) by a conditional write that moves its GSI1 and GSI2 keys with the
   * status. `InvalidTransitionError` names the ticket, the expected and the actual status.
   */
  async move(ticketId: string, from: TicketStatus, to: TicketStatus): Promise<Ticket> {
    return this.db.entity('ticket').transition({ ticketId }, { from, to });
  }

  /** A project's tickets in one status, newest first, a page at a time. */
  async listByStatus(
    projectId: string,
    status: TicketStatus,
    options: { limit?: number; cursor?: string } = {},
  ): Promise<Page<Ticket>> {
    return this.db.query('listTicketsByStatus', { projectId, status }, options);
  }

  /** An assignee's queue in one status (resolved and closed tickets leave it), newest first, a page at a time. */
  async listByAssignee(
    assignee: string,
    status: Extract<TicketStatus, 'open' | 'in_progress'>,
    options: { limit?: number; cursor?: string } = {},
  ): Promise<Page<Ticket>> {
    return this.db.query('listTicketsByAssignee', { assignee, status }, options);
  }

  /** A person's notifications still stored, newest first. */
  async notifications(userId: string, options: { limit?: number; cursor?: string } = {}): Promise<Page<Notification>> {
    return this.db.query('listNotifications', { userId }, options);
  }

  private timestamp(): string {
    return new Date(this.now()).toISOString();
  }
}
