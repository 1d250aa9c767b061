import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from '../../src/model/index.js';
import { decodeChange, type EntityChange, type UnknownChange } from '../../src/repository/index.js';
import type { DynamoDBStreamRecord } from '../../src/streams/index.js';
import { streamHandlerSettings } from '../../src/streams/index.js';
import type { Job, JobStatus } from '../../examples/research-jobs/index.js';
import { model, type job } from '../../examples/research-jobs/model.js';
import type { _Record } from '@aws-sdk/client-dynamodb-streams';

declare const record: DynamoDBStreamRecord;
declare const sdkRecord: _Record;

describe('decodeChange types', () => {
  it('is a union discriminated by entity, items typed by the entity', () => {
    const change = decodeChange(model, record);
    expectTypeOf(change.entity).toEqualTypeOf<'job' | 'finding' | 'report' | 'debugPayload' | 'fetchCache' | 'jobStatusCount' | 'countedChange' | undefined>();
    if (change.entity === 'job') {
      expectTypeOf(change.key).toEqualTypeOf<{ id: string }>();
      expectTypeOf(change.newItem).toEqualTypeOf<Job | undefined>();
      expectTypeOf(change).toEqualTypeOf<EntityChange<typeof job, 'NEW_AND_OLD_IMAGES'>>();
      // @ts-expect-error 'titel' is not an attribute of job
      void change.newItem?.titel;
    }
    if (change.entity === 'finding') expectTypeOf(change.key).toEqualTypeOf<{ jobId: string; id: string }>();
    if (change.entity === undefined) expectTypeOf(change).toEqualTypeOf<UnknownChange>();
    // @ts-expect-error 'jobs' is no entity of the model
    if (change.entity === 'jobs') void change;
  });

  it('with NEW_AND_OLD_IMAGES, the event name says which items are there', () => {
    const change = decodeChange(model, record);
    if (change.entity !== 'job') return;
    if (change.eventName === 'INSERT') {
      expectTypeOf(change.newItem.status).toEqualTypeOf<JobStatus>();
      expectTypeOf(change.oldItem).toEqualTypeOf<undefined>();
    }
    if (change.eventName === 'MODIFY') expectTypeOf([change.oldItem.status, change.newItem.status]).toEqualTypeOf<JobStatus[]>();
    if (change.eventName === 'REMOVE') {
      expectTypeOf(change.oldItem).toEqualTypeOf<Job>();
      // @ts-expect-error a REMOVE has no new item
      void change.newItem.status;
    }
  });

  it('follows the declared view type, and leaves both items optional without one', () => {
    const table = defineTable({ name: 'keys-only', stream: { viewType: 'KEYS_ONLY' } });
    const note = defineEntity(table, { name: 'note', attributes: { id: z.string() }, key: { pk: 'NOTE#{id}', sk: 'NOTE' } });
    const keysOnly = defineModel({ table, entities: [note], accessPatterns: {} });
    const change = decodeChange(keysOnly, sdkRecord);
    if (change.entity === 'note') {
      expectTypeOf(change.newItem).toEqualTypeOf<undefined>();
      expectTypeOf(change.key).toEqualTypeOf<{ id: string }>();
    }
    const bare = defineTable({ name: 'no-stream' });
    const item = defineEntity(bare, { name: 'item', attributes: { id: z.string() }, key: { pk: 'I#{id}', sk: 'I' } });
    const noStream = defineModel({ table: bare, entities: [item], accessPatterns: {} });
    const other = decodeChange(noStream, record);
    if (other.entity === 'item') {
      expectTypeOf(other.newItem).toEqualTypeOf<{ id: string } | undefined>();
      expectTypeOf(other.eventName).toEqualTypeOf<'INSERT' | 'MODIFY' | 'REMOVE'>();
    }
  });

  it('names the declared stream handlers only', () => {
    expectTypeOf(streamHandlerSettings(model, 'jobStatusCounters').batchSize).toEqualTypeOf<number | undefined>();
    // @ts-expect-error the model declares no handler 'jobCounter'
    streamHandlerSettings(model, 'jobCounter');
  });

  it('refuses a view type DynamoDB does not have', () => {
    // @ts-expect-error 'ALL' is not a stream view type
    defineTable({ name: 'bad-view', stream: { viewType: 'ALL' } });
  });
});
