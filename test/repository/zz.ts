import { z } from 'zod';
import * as v from 'valibot';
import { defineTable } from '../../src/model/table.js';
import { defineEntity, type EntityItem, type EntityKey, type EntityInput, type EntityState } from '../../src/model/entity.js';
const table = defineTable({ name: 'research', indexes: { gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } } }, timeToLiveAttribute: 'expires_at' });
const job = defineEntity(table, {
  name: 'job',
  attributes: { id: z.string(), title: z.string(), status: z.enum(['queued', 'running', 'done']).default('queued'), createdAt: z.string(), note: v.optional(v.string()) },
  key: { pk: 'JOB#{id}', sk: 'METADATA' },
  indexes: { gsi1: { pk: 'STATUS#{status}', sk: '{createdAt}', shards: { count: 4, only: { status: ['running'] } }, when: { status: ['queued', 'runnin'] } } },
  stateMachine: { attribute: 'status', transitions: { queued: ['running'], running: ['done'] } },
  version: 'version',
  ttl: { after: '7d' },
});
type Item = EntityItem<typeof job>;
const i: Item = { id: 'a', title: 't', status: 'queued', createdAt: 'x', version: 1 };
const k: EntityKey<typeof job> = { id: 'x' };
const inp: EntityInput<typeof job> = { id: 'a', title: 't', createdAt: 'x' };
const s: EntityState<typeof job> = 'running';
// @ts-expect-error
const s2: EntityState<typeof job> = 'runnin';
// @ts-expect-error
defineEntity(table, { name: 'x', attributes: { id: z.string() }, key: { pk: 'JOB#{idd}', sk: 'M' } });
// @ts-expect-error
defineEntity(table, { name: 'x', attributes: { id: z.string() }, key: { pk: 'JOB#{id}', sk: 'M' }, indexes: { gsi1: { pk: 'S#{sttus}', sk: 'x' } } });
// @ts-expect-error
defineEntity(table, { name: 'x', attributes: { id: z.string() }, key: { pk: 'JOB#{id}', sk: 'M' }, indexes: { gsi9: { pk: 'S#{id}', sk: 'x' } } });
// @ts-expect-error
defineEntity(table, { name: 'x', attributes: { id: z.string(), st: z.enum(['a','b']) }, key: { pk: 'JOB#{id}', sk: 'M' }, stateMachine: { attribute: 'st', transitions: { a: ['c'] } } });
export { i, k, inp, s, s2 };
