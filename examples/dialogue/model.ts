/**
 * The dialogue domain of the portable-schema ADR: a deliberation among experts, everything
 * about one dialogue under its id (one partition, one writer at a time):
 *
 * | sort key                                  | item                                   |
 * |-------------------------------------------|----------------------------------------|
 * | `META`                                    | title, status, createdAt, version      |
 * | `EXPERT#<name>`                           | role, tier, score, version             |
 * | `PERSP#<round:4>#<expert>#<n:4>`          | label, content, status                 |
 * | `TENSION#<id>`                            | description, status                    |
 * | `TEVENT#<tension>#<epoch:10>`             | eventType, actor, reason               |
 *
 * Rounds, perspective numbers and epochs are zero-padded so that the sort key orders them
 * numerically (the ADR writes `PERSP#0#muffin#1`; round 10 would sort before round 2).
 */
import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from '../../src/model/index.js';

export const dialogueStatuses = ['open', 'converging', 'closed', 'abandoned'] as const;
export const perspectiveStatuses = ['proposed', 'accepted', 'rejected', 'withdrawn'] as const;
export const tensionStatuses = ['open', 'addressed', 'resolved', 'dismissed'] as const;
export const tensionEventTypes = ['opened', 'addressed', 'resolved', 'dismissed', 'reopened', 'commented'] as const;

export const table = defineTable({ name: 'blue_dialogue' });

const id = z.string().min(1);
const name = z.string().min(1).max(64);

export const dialogue = defineEntity(table, {
  name: 'dialogue',
  attributes: {
    dialogueId: id,
    title: z.string().min(1),
    status: z.enum(dialogueStatuses).default('open'),
    createdAt: z.iso.datetime(),
    /** The current round; perspectives are written into it. */
    round: z.number().int().min(0).default(0),
  },
  key: { pk: '{dialogueId}', sk: 'META' },
  stateMachine: {
    attribute: 'status',
    transitions: { open: ['converging', 'closed', 'abandoned'], converging: ['open', 'closed', 'abandoned'] },
  },
  // Every change to the dialogue itself (round, title) is a compare-and-set on this counter.
  version: 'version',
});

export const expert = defineEntity(table, {
  name: 'expert',
  attributes: {
    dialogueId: id,
    name,
    role: z.string().min(1),
    tier: z.number().int().min(1).max(5),
    score: z.number().default(0),
  },
  key: { pk: '{dialogueId}', sk: 'EXPERT#{name}' },
  version: 'version',
});

export const perspective = defineEntity(table, {
  name: 'perspective',
  attributes: {
    dialogueId: id,
    round: z.number().int().min(0).max(9999),
    expert: name,
    n: z.number().int().min(1).max(9999),
    label: z.string(),
    content: z.string().min(1),
    status: z.enum(perspectiveStatuses).default('proposed'),
  },
  key: { pk: '{dialogueId}', sk: 'PERSP#{round:4}#{expert}#{n:4}' },
  stateMachine: { attribute: 'status', transitions: { proposed: ['accepted', 'rejected', 'withdrawn'] } },
});

export const tension = defineEntity(table, {
  name: 'tension',
  attributes: {
    dialogueId: id,
    tensionId: id,
    description: z.string().min(1),
    status: z.enum(tensionStatuses).default('open'),
  },
  key: { pk: '{dialogueId}', sk: 'TENSION#{tensionId}' },
  stateMachine: {
    attribute: 'status',
    transitions: {
      open: ['addressed', 'resolved', 'dismissed'],
      addressed: ['open', 'resolved', 'dismissed'],
      resolved: ['open'],
      dismissed: ['open'],
    },
  },
});

export const tensionEvent = defineEntity(table, {
  name: 'tensionEvent',
  attributes: {
    dialogueId: id,
    tensionId: id,
    epoch: z.number().int().min(0).max(9_999_999_999),
    eventType: z.enum(tensionEventTypes),
    actor: name,
    reason: z.string().optional(),
  },
  key: { pk: '{dialogueId}', sk: 'TEVENT#{tensionId}#{epoch:10}' },
});

export const model = defineModel({
  table,
  entities: [dialogue, expert, perspective, tension, tensionEvent],
  accessPatterns: {
    getDialogue: {
      description: 'Get a dialogue',
      entities: ['dialogue'],
      key: { pk: '{dialogueId}', sk: { equals: 'META' } },
    },
    getWholeDialogue: {
      description: 'Get a dialogue with its experts, perspectives, tensions and events',
      entities: ['dialogue', 'expert', 'perspective', 'tension', 'tensionEvent'],
      key: { pk: '{dialogueId}', sk: { beginsWith: '' } },
    },
    getExpert: {
      description: 'Get an expert of a dialogue',
      entities: ['expert'],
      key: { pk: '{dialogueId}', sk: { equals: 'EXPERT#{name}' } },
    },
    listExperts: {
      description: 'List the experts of a dialogue',
      entities: ['expert'],
      key: { pk: '{dialogueId}', sk: { beginsWith: 'EXPERT#' } },
    },
    listRoundPerspectives: {
      description: 'List the perspectives of one round, by expert',
      entities: ['perspective'],
      key: { pk: '{dialogueId}', sk: { beginsWith: 'PERSP#{round:4}#' } },
    },
    listExpertPerspectives: {
      description: "List one expert's perspectives in one round, in order",
      entities: ['perspective'],
      key: { pk: '{dialogueId}', sk: { beginsWith: 'PERSP#{round:4}#{expert}#' } },
    },
    listTensions: {
      description: 'List the tensions of a dialogue',
      entities: ['tension'],
      key: { pk: '{dialogueId}', sk: { beginsWith: 'TENSION#' } },
    },
    getTensionHistory: {
      description: "List a tension's events, oldest first",
      entities: ['tensionEvent'],
      key: { pk: '{dialogueId}', sk: { beginsWith: 'TEVENT#{tensionId}#' } },
    },
  },
});

export default model;
