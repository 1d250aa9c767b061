/**
 * The research-job domain, designed access patterns first (the guide's reference key design):
 *
 * | # | Access pattern | Key design |
 * |---|---|---|
 * | 1 | Get job by ID | PK=`JOB#<id>`, SK=`METADATA` |
 * | 2 | Get job with findings + report | PK=`JOB#<id>`, SK begins_with `""` (one Query) |
 * | 3 | List jobs by status, newest first | GSI1: PK=`STATUS#<status>`, SK=`<createdAt>` (sparse) |
 * | 4 | Get single finding | PK=`JOB#<jobId>`, SK=`FINDING#<findingId>` |
 * | 5 | Get a failed job's debug payloads | PK=`JOB#<jobId>`, SK begins_with `DEBUG#` |
 * | 6 | Get a cached fetch by URL | PK=`FETCH#<url>`, SK=`CACHE` |
 * | 7 | Count jobs per status | PK=`JOB_COUNTS`, SK begins_with `STATUS#` (one Query) |
 * | 8 | Was a job change counted | PK=`COUNTED#<eventId>`, SK=`COUNTED` (the handler's receipts, 2 days) |
 *
 * Failed-job debug payloads expire after 7 days and fetch caches after 30 (TTL).
 * The per-status counters are an aggregate kept by a stream handler (`streams/job-status-counters.ts`):
 * the table's stream carries old and new images, and each job change moves its old status's
 * counter down and its new status's up.
 * (`monotable design doc examples/research-jobs/model.ts` renders this table from the model.)
 */
import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from '../../src/model/index.js';

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const table = defineTable({
  name: 'research-jobs',
  indexes: { gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } } },
  timeToLiveAttribute: 'expires_at',
  billingMode: { mode: 'PAY_PER_REQUEST' },
  pointInTimeRecovery: true,
  stream: {
    viewType: 'NEW_AND_OLD_IMAGES',
    handlers: {
      // The same settings drive the Lambda's event source mapping and local runs (`streamHandlerSettings`).
      jobStatusCounters: {
        entry: 'examples/research-jobs/streams/job-status-counters-lambda.ts',
        batchSize: 100,
        startingPosition: 'TRIM_HORIZON',
        functionResponseTypes: ['ReportBatchItemFailures'],
        maximumRetryAttempts: 10,
        // Only job changes move counters: the handler's own writes never invoke it.
        filterCriteria: { Filters: [{ Pattern: JSON.stringify({ dynamodb: { Keys: { sk: { S: ['METADATA'] } } } }) }] },
      },
    },
  },
});

const nonEmpty = z.string().min(1);

export const job = defineEntity(table, {
  name: 'job',
  attributes: {
    id: nonEmpty,
    title: nonEmpty,
    status: z.enum(jobStatuses).default('queued'),
    createdAt: z.iso.datetime(),
  },
  key: { pk: 'JOB#{id}', sk: 'METADATA' },
  // Only jobs carry GSI1 keys, so the index holds jobs and nothing else (sparse).
  indexes: { gsi1: { pk: 'STATUS#{status}', sk: '{createdAt}' } },
  stateMachine: {
    attribute: 'status',
    transitions: { queued: ['running', 'cancelled'], running: ['succeeded', 'failed', 'cancelled'] },
  },
  version: 'version',
});

export const finding = defineEntity(table, {
  name: 'finding',
  attributes: { jobId: nonEmpty, id: nonEmpty, text: nonEmpty },
  key: { pk: 'JOB#{jobId}', sk: 'FINDING#{id}' },
});

export const report = defineEntity(table, {
  name: 'report',
  attributes: { jobId: nonEmpty, summary: nonEmpty },
  key: { pk: 'JOB#{jobId}', sk: 'REPORT' },
});

/** What a failed job leaves behind for debugging; reaped by TTL after 7 days. */
export const debugPayload = defineEntity(table, {
  name: 'debugPayload',
  attributes: { jobId: nonEmpty, id: nonEmpty, payload: z.string() },
  key: { pk: 'JOB#{jobId}', sk: 'DEBUG#{id}' },
  ttl: { after: '7d' },
});

/** A raw fetch cached for the researchers; reaped by TTL after 30 days. */
export const fetchCache = defineEntity(table, {
  name: 'fetchCache',
  attributes: { url: nonEmpty, body: z.string(), contentType: z.string().optional() },
  key: { pk: 'FETCH#{url}', sk: 'CACHE' },
  ttl: { after: '30d' },
});

/** How many jobs are in one status: an aggregate the stream handler keeps, one item per status. */
export const jobStatusCount = defineEntity(table, {
  name: 'jobStatusCount',
  attributes: { status: z.enum(jobStatuses), count: z.number().int() },
  key: { pk: 'JOB_COUNTS', sk: 'STATUS#{status}' },
});

/**
 * A job change the counters handler has counted, so a batch Lambda retries is not counted
 * twice; kept 2 days, longer than the stream keeps records (24 hours).
 */
export const countedChange = defineEntity(table, {
  name: 'countedChange',
  attributes: { eventId: nonEmpty },
  key: { pk: 'COUNTED#{eventId}', sk: 'COUNTED' },
  ttl: { after: '2d' },
});

export const model = defineModel({
  table,
  entities: [job, finding, report, debugPayload, fetchCache, jobStatusCount, countedChange],
  accessPatterns: {
    getJob: {
      description: 'Get job by ID',
      entities: ['job'],
      key: { pk: 'JOB#{id}', sk: { equals: 'METADATA' } },
    },
    getJobWithFindings: {
      description: 'Get job with findings + report',
      entities: ['job', 'finding', 'report'],
      key: { pk: 'JOB#{id}', sk: { beginsWith: '' } },
    },
    listJobsByStatus: {
      description: 'List jobs by status, newest first',
      entities: ['job'],
      index: 'gsi1',
      key: { pk: 'STATUS#{status}' },
      order: 'descending',
    },
    getFinding: {
      description: 'Get single finding',
      entities: ['finding'],
      key: { pk: 'JOB#{jobId}', sk: { equals: 'FINDING#{findingId}' } },
    },
    getDebugPayloads: {
      description: "Get a failed job's debug payloads",
      entities: ['debugPayload'],
      key: { pk: 'JOB#{jobId}', sk: { beginsWith: 'DEBUG#' } },
    },
    getFetchCache: {
      description: 'Get a cached fetch by URL',
      entities: ['fetchCache'],
      key: { pk: 'FETCH#{url}', sk: { equals: 'CACHE' } },
    },
    getJobStatusCounts: {
      description: 'Count jobs per status',
      entities: ['jobStatusCount'],
      key: { pk: 'JOB_COUNTS', sk: { beginsWith: 'STATUS#' } },
    },
    getCountedChange: {
      description: 'Was a job change counted',
      entities: ['countedChange'],
      key: { pk: 'COUNTED#{eventId}', sk: { equals: 'COUNTED' } },
    },
  },
});

export default model;
