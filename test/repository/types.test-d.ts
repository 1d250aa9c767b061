import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { defineEntity, defineModel, defineTable, type EntityItem } from '../../src/model/index.js';
import { TableRepository } from '../../src/repository/index.js';
import { JobRepository, type Job, type JobStatus, type Finding } from '../../examples/research-jobs/index.js';
import { model, type job } from '../../examples/research-jobs/model.js';

declare const client: DynamoDBClient;
const db = new TableRepository(client, model);
const jobs = db.entity('job');

describe('types inferred from the model', () => {
  it('infers the item type from the attribute schemas, version included', () => {
    expectTypeOf<EntityItem<typeof job>>().toEqualTypeOf<{
      id: string;
      title: string;
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
      createdAt: string;
      version: number;
    }>();
    expectTypeOf<Job['status']>().toEqualTypeOf<JobStatus>();
    expectTypeOf<Finding>().toEqualTypeOf<{ jobId: string; id: string; text: string }>();
  });

  it('makes a misspelled attribute a compile error', () => {
    // @ts-expect-error 'titel' is not an attribute of job
    void jobs.create({ id: '1', titel: 'x', createdAt: '' });
    // @ts-expect-error 'titel' is not an attribute of job
    void jobs.update({ id: '1' }, { set: { titel: 'x' } });
    // @ts-expect-error a key template naming an attribute that does not exist
    defineEntity(defineTable({ name: 'ttt' }), { name: 'x', attributes: { id: z.string() }, key: { pk: 'X#{idd}', sk: 'META' } });
    // @ts-expect-error 'sttus' is not an attribute of job
    void db.query('listJobsByStatus', { sttus: 'running' });
  });

  it('makes a missing key part a compile error', () => {
    // @ts-expect-error the finding key needs jobId and id
    void db.entity('finding').get({ id: 'f1' });
    // @ts-expect-error getJobWithFindings needs { id }
    void db.collection('getJobWithFindings', {});
    // @ts-expect-error create needs the id
    void jobs.create({ title: 'x', createdAt: '' });
  });

  it('makes an unknown status a compile error', () => {
    const repository = new JobRepository(client, 'jobs');
    // @ts-expect-error 'done' is not a JobStatus
    void repository.transitionStatus('j1', 'running', 'done');
    // @ts-expect-error 'paused' is not a JobStatus
    void repository.listByStatus('paused');
    // @ts-expect-error 'paused' is not a job state
    void jobs.transition({ id: '1' }, { from: 'queued', to: 'paused' });
    // @ts-expect-error 'paused' is not a job status
    void db.query('listJobsByStatus', { status: 'paused' });
    // @ts-expect-error the state machine may only name states of the status attribute
    defineEntity(defineTable({ name: 'ttt' }), { name: 'x', attributes: { id: z.string(), s: z.enum(['a', 'b']) }, key: { pk: 'X#{id}', sk: 'M' }, stateMachine: { attribute: 's', transitions: { a: ['c'] } } });
  });

  it('keeps key and state attributes out of partial updates', () => {
    // @ts-expect-error status only changes through transition()
    void jobs.update({ id: '1' }, { set: { status: 'running' } });
    // @ts-expect-error id is part of the key
    void jobs.update({ id: '1' }, { set: { id: '2' } });
  });

  it('types pattern results and collections per entity', async () => {
    const page = await db.query('listJobsByStatus', { status: 'running' }, { limit: 10 });
    expectTypeOf(page.items).toEqualTypeOf<Job[]>();
    expectTypeOf(page.cursor).toEqualTypeOf<string | undefined>();
    const collection = await db.collection('getJobWithFindings', { id: 'j1' });
    expectTypeOf(collection.finding).toEqualTypeOf<Finding[]>();
    // @ts-expect-error debugPayload is not returned by getJobWithFindings
    void collection.debugPayload;
    // @ts-expect-error no such access pattern
    void db.query('listJobsByOwner', {});
    // @ts-expect-error no such entity
    void db.entity('jobb');
  });

  it('checks access patterns against the model at compile time', () => {
    const table = defineTable({ name: 'ttt', indexes: { gsi1: { partitionKey: 'a', sortKey: 'b', projection: { type: 'ALL' } } } });
    const item = defineEntity(table, { name: 'item', attributes: { id: z.string() }, key: { pk: 'I#{id}', sk: 'M' } });
    // @ts-expect-error 'itme' is not an entity of the model
    defineModel({ table, entities: [item], accessPatterns: { get: { description: 'x', entities: ['itme'], key: { pk: 'I#{id}' } } } });
    // @ts-expect-error 'gsi9' is not an index of the table
    defineModel({ table, entities: [item], accessPatterns: { get: { description: 'x', entities: ['item'], index: 'gsi9', key: { pk: 'I#{id}' } } } });
  });

  it('carries a declared consistentRead into the model type, and refuses consistent reads of an index', () => {
    const table = defineTable({ name: 'ttt', indexes: { gsi1: { partitionKey: 'a', sortKey: 'b', projection: { type: 'ALL' } } } });
    const item = defineEntity(table, {
      name: 'item',
      attributes: { id: z.string(), kind: z.string() },
      key: { pk: 'I#{id}', sk: 'M' },
      indexes: { gsi1: { pk: 'K#{kind}', sk: '{id}' } },
    });
    const declared = defineModel({
      table,
      entities: [item],
      accessPatterns: {
        pollItem: { description: 'x', entities: ['item'], key: { pk: 'I#{id}', sk: { equals: 'M' } }, consistentRead: true },
        byKind: { description: 'y', entities: ['item'], index: 'gsi1', key: { pk: 'K#{kind}' } },
      },
    });
    expectTypeOf(declared.accessPatterns.pollItem.config.consistentRead).toEqualTypeOf<true>();
    const items = new TableRepository(client, declared);
    void items.query('pollItem', { id: '1' }, { consistent: false });
    void items.query('byKind', { kind: 'k' }, { consistent: false });
    // @ts-expect-error DynamoDB reads a global secondary index only eventually consistently
    void items.query('byKind', { kind: 'k' }, { consistent: true });
    // @ts-expect-error as above, for a collection
    void items.collection('byKind', { kind: 'k' }, { consistent: true });
    void db.collection('getJobWithFindings', { id: 'j1' }, { consistent: true });
    // @ts-expect-error listJobsByStatus reads gsi1
    void db.query('listJobsByStatus', { status: 'running' }, { consistent: true });
  });
});
