/**
 * A support desk: projects, their tickets, the comments on a ticket, and the notifications
 * people get when a ticket is assigned to them. Designed access patterns first:
 *
 * | # | Access pattern | Key design |
 * |---|---|---|
 * | 1 | Get a project | PK=`PROJECT#<projectId>`, SK=`PROJECT` |
 * | 2 | Get a ticket | PK=`TICKET#<ticketId>`, SK=`TICKET` |
 * | 3 | Get a ticket with its comments | PK=`TICKET#<ticketId>`, SK begins_with `""` (Query, one round trip) |
 * | 4 | List a ticket's comments, oldest first | PK=`TICKET#<ticketId>`, SK begins_with `COMMENT#` |
 * | 5 | List a project's tickets in one status, newest first | GSI1: PK=`PROJECT#<projectId>#STATUS#<status>`, SK=`<createdAt>` (sparse, newest first) |
 * | 6 | List an assignee's open or in-progress tickets, newest first | GSI2: PK=`ASSIGNEE#<assignee>`, SK begins_with `STATUS#<status>#` (sparse, newest first) |
 * | 7 | List a person's notifications, newest first | PK=`USER#<userId>`, SK begins_with `NOTIFICATION#` (newest first) |
 *
 * A ticket's status follows a state machine (open → in_progress → resolved → closed, reopened
 * from in_progress or resolved), and each transition moves the ticket's GSI1 and GSI2 keys with
 * it. Only assigned tickets still to do (open or in_progress) carry GSI2 keys: an assignee's
 * queue. Notifications expire 14 days after they are written (TTL).
 * (`monotable design doc examples/tickets/model.ts` renders this table from the model.)
 */
import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from '../../src/model/index.js';

export const ticketStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const table = defineTable({
  name: 'tickets',
  indexes: {
    gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } },
    gsi2: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: { type: 'ALL' } },
  },
  timeToLiveAttribute: 'expires_at',
  billingMode: { mode: 'PAY_PER_REQUEST' },
});

const id = z.string().min(1);

export const project = defineEntity(table, {
  name: 'project',
  attributes: { projectId: id, name: z.string().min(1) },
  key: { pk: 'PROJECT#{projectId}', sk: 'PROJECT' },
});

export const ticket = defineEntity(table, {
  name: 'ticket',
  attributes: {
    ticketId: id,
    projectId: id,
    title: z.string().min(1),
    description: z.string().optional(),
    status: z.enum(ticketStatuses).default('open'),
    /** Absent while nobody owns the ticket: it is then in no one's GSI2 queue. */
    assignee: id.optional(),
    createdAt: z.iso.datetime(),
  },
  key: { pk: 'TICKET#{ticketId}', sk: 'TICKET' },
  indexes: {
    gsi1: { pk: 'PROJECT#{projectId}#STATUS#{status}', sk: '{createdAt}' },
    // An assignee's queue: assigned tickets still to do. A ticket leaves it when resolved or
    // closed, and comes back when reopened: the transition moves the keys.
    gsi2: { pk: 'ASSIGNEE#{assignee}', sk: 'STATUS#{status}#{createdAt}', when: { status: ['open', 'in_progress'] } },
  },
  stateMachine: {
    attribute: 'status',
    transitions: {
      open: ['in_progress', 'closed'],
      in_progress: ['open', 'resolved'],
      resolved: ['closed', 'open'],
    },
  },
  version: 'version',
});

export const comment = defineEntity(table, {
  name: 'comment',
  attributes: {
    ticketId: id,
    commentId: id,
    author: id,
    body: z.string().min(1),
    createdAt: z.iso.datetime(),
  },
  // The time first in the sort key: a ticket's comments come back in the order they were written.
  key: { pk: 'TICKET#{ticketId}', sk: 'COMMENT#{createdAt}#{commentId}' },
});

/** Told to a person when a ticket is assigned to them; deleted by TTL 14 days after it is written. */
export const notification = defineEntity(table, {
  name: 'notification',
  attributes: {
    userId: id,
    notificationId: id,
    ticketId: id,
    text: z.string().min(1),
    createdAt: z.iso.datetime(),
  },
  key: { pk: 'USER#{userId}', sk: 'NOTIFICATION#{createdAt}#{notificationId}' },
  ttl: { after: '14d' },
});

export const model = defineModel({
  table,
  entities: [project, ticket, comment, notification],
  accessPatterns: {
    getProject: {
      description: 'Get a project',
      entities: ['project'],
      key: { pk: 'PROJECT#{projectId}', sk: { equals: 'PROJECT' } },
    },
    getTicket: {
      description: 'Get a ticket',
      entities: ['ticket'],
      key: { pk: 'TICKET#{ticketId}', sk: { equals: 'TICKET' } },
    },
    getTicketWithComments: {
      description: 'Get a ticket with its comments',
      entities: ['ticket', 'comment'],
      key: { pk: 'TICKET#{ticketId}', sk: { beginsWith: '' } },
    },
    listComments: {
      description: "List a ticket's comments, oldest first",
      entities: ['comment'],
      key: { pk: 'TICKET#{ticketId}', sk: { beginsWith: 'COMMENT#' } },
    },
    listTicketsByStatus: {
      description: "List a project's tickets in one status, newest first",
      entities: ['ticket'],
      index: 'gsi1',
      key: { pk: 'PROJECT#{projectId}#STATUS#{status}' },
      order: 'descending',
    },
    listTicketsByAssignee: {
      description: "List an assignee's open or in-progress tickets, newest first",
      entities: ['ticket'],
      index: 'gsi2',
      key: { pk: 'ASSIGNEE#{assignee}', sk: { beginsWith: 'STATUS#{status}#' } },
      order: 'descending',
    },
    listNotifications: {
      description: "List a person's notifications, newest first",
      entities: ['notification'],
      key: { pk: 'USER#{userId}', sk: { beginsWith: 'NOTIFICATION#' } },
      order: 'descending',
    },
  },
});

export default model;
