import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { EntityItem } from '../../../src/model/index.js';
import {
  ItemNotFoundError,
  TableRepository,
  type CapacityLedger,
  type RetryOptions,
} from '../../../src/repository/index.js';
import {
  jobStatuses,
  model,
  type JobStatus,
  type job,
  type finding,
  type report,
  type debugPayload,
} from '../model.js';

/** A research job as stored: id, title, status, createdAt, and its optimistic-locking version. */
export type Job = EntityItem<typeof job>;
/** One finding of a job, stored in the job's partition. */
export type Finding = EntityItem<typeof finding>;
/** The job's final report, stored in the job's partition. */
export type Report = EntityItem<typeof report>;
/** A failed job's debug payload (expires 7 days after it is written). */
export type DebugPayload = EntityItem<typeof debugPayload>;

export interface JobRepositoryOptions {
  /** Clock in epoch ms: `createdAt` defaults and TTL expiry times. */
  readonly now?: () => number;
  readonly cursorSecret?: string;
  readonly capacity?: CapacityLedger;
  /** Backoff of the repository's own retries (batches, transitions that meet a transaction in flight). */
  readonly retry?: Partial<RetryOptions>;
}

/**
 * The research-job aggregate: a job, its findings and its report live in one partition
 * (`JOB#<id>`), so one Query returns them all; jobs are listed by status through the sparse GSI1.
 *
 * @example
 * const jobs = new JobRepository(client, 'research-jobs');
 * await jobs.create({ id: 'j1', title: 'Survey vector databases' });
 * await jobs.transitionStatus('j1', 'queued', 'running');
 * const { items, cursor } = await jobs.listByStatus('running', { limit: 10 });
 */
export class JobRepository {
  /** The generic repositories underneath, for everything beyond this aggregate's API. */
  readonly db: TableRepository<typeof model>;
  private readonly now: () => number;

  constructor(client: DynamoDBClient, tableName: string, options: JobRepositoryOptions = {}) {
    this.now = options.now ?? Date.now;
    this.db = new TableRepository(client, model, { tableName, now: this.now, ...options });
  }

  /** Creates a job (status `queued` unless given); a duplicate id fails with `ItemAlreadyExistsError`. */
  async create(job: { id: string; title: string; status?: JobStatus; createdAt?: string }): Promise<Job> {
    return this.db.entity('job').create({
      id: job.id,
      title: job.title,
      ...(job.status ? { status: job.status } : {}),
      createdAt: job.createdAt ?? new Date(this.now()).toISOString(),
    });
  }

  /**
   * The job, or undefined: eventually consistent (DynamoDB's default, half the capacity of a
   * consistent read) unless `consistent: true`.
   */
  async get(jobId: string, options: { consistent?: boolean } = {}): Promise<Job | undefined> {
    return this.db.entity('job').get({ id: jobId }, options);
  }

  /**
   * The job as it is now, for polling right after creating or moving it: a strongly consistent
   * read. On DynamoDB an eventually consistent read (`get`, and every read of `listByStatus`,
   * which reads a global secondary index) may still answer the job as it was before the write,
   * or not find a job just created.
   *
   * @example
   * await jobs.create({ id: 'j1', title: 'Survey' });
   * (await jobs.poll('j1'))?.status; // 'queued'
   */
  async poll(jobId: string): Promise<Job | undefined> {
    return this.get(jobId, { consistent: true });
  }

  /** One finding of a job, or undefined. */
  async getFinding(jobId: string, findingId: string): Promise<Finding | undefined> {
    return this.db.entity('finding').get({ jobId, id: findingId });
  }

  /** Researcher fan-in: writes the findings with BatchWriteItem (25 per call, unprocessed items retried). */
  async addFindings(jobId: string, findings: { id: string; text: string }[]): Promise<void> {
    await this.db.entity('finding').batchPut(findings.map((f) => ({ jobId, id: f.id, text: f.text })));
  }

  /** Writes (or replaces) the job's report. */
  async saveReport(jobId: string, report: { summary: string }): Promise<void> {
    await this.db.entity('report').put({ jobId, summary: report.summary });
  }

  /** The job with its findings and report, from one Query over the job's partition (all pages). */
  async getWithFindings(jobId: string): Promise<{ job: Job; findings: Finding[]; report?: Report } | undefined> {
    const collection = await this.db.collection('getJobWithFindings', { id: jobId });
    const job = collection.job[0];
    if (!job) return undefined;
    const report = collection.report[0];
    return report ? { job, findings: collection.finding, report } : { job, findings: collection.finding };
  }

  /**
   * Jobs in one status, newest `createdAt` first, a page at a time. It reads GSI1, which DynamoDB
   * keeps eventually consistent: a job just moved may still be listed under its old status, or not
   * yet under its new one (`poll` sees the job as it is).
   */
  async listByStatus(
    status: JobStatus,
    options: { limit?: number; cursor?: string } = {},
  ): Promise<{ items: Job[]; cursor?: string }> {
    return this.db.query('listJobsByStatus', { status }, options) as Promise<{ items: Job[]; cursor?: string }>;
  }

  /**
   * Moves a job between states with a conditional write (the database enforces the state machine)
   * that moves its GSI1 keys too; `InvalidTransitionError` names the job, expected and actual state.
   */
  async transitionStatus(jobId: string, expected: JobStatus, next: JobStatus): Promise<Job> {
    return this.db.entity('job').transition({ id: jobId }, { from: expected, to: next });
  }

  /**
   * Finishes a running job: moves it to `succeeded` and writes its report in one transaction, so
   * no reader sees a succeeded job without its report. A transaction in flight on the job or its
   * report cancels it with `TransactionConflictError` (retryable: nothing was written); a job
   * that is not running cancels it with `TransactionCancelledError`.
   */
  async complete(jobId: string, report: { summary: string }): Promise<void> {
    // The job's GSI1 sort key is its createdAt: a transition inside a transaction carries it.
    const job = await this.poll(jobId);
    if (!job) throw new ItemNotFoundError({ entity: 'job', key: { id: jobId } });
    await this.db.transact([
      this.db
        .entity('job')
        .transaction.transition({ id: jobId }, { from: 'running', to: 'succeeded', set: { createdAt: job.createdAt } }),
      this.db.entity('report').transaction.put({ jobId, summary: report.summary }),
    ]);
  }

  /** Keeps a failed job's debug payload for 7 days (TTL). */
  async saveDebugPayload(jobId: string, payload: { id: string; payload: string }): Promise<DebugPayload> {
    return this.db.entity('debugPayload').put({ jobId, id: payload.id, payload: payload.payload });
  }

  /**
   * How many jobs are in each status, from one Query of the counter items the stream handler
   * keeps (`streams/job-status-counters.ts`): as fresh as the handler is, not a count of the jobs.
   */
  async statusCounts(): Promise<Record<JobStatus, number>> {
    const counts = Object.fromEntries(jobStatuses.map((status) => [status, 0])) as Record<JobStatus, number>;
    for (const counter of (await this.db.collection('getJobStatusCounts', {})).jobStatusCount)
      counts[counter.status] = counter.count;
    return counts;
  }

  /** The job's debug payloads still stored. */
  async getDebugPayloads(jobId: string): Promise<DebugPayload[]> {
    return (await this.db.collection('getDebugPayloads', { jobId })).debugPayload;
  }
}
