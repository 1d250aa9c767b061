import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { EntityItem } from '../../../src/model/index.js';
import { TableRepository, type CapacityLedger } from '../../../src/repository/index.js';
import { model, type JobStatus, type job, type finding, type report, type debugPayload } from '../model.js';
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
export declare class JobRepository {
    /** The generic repositories underneath, for everything beyond this aggregate's API. */
    readonly db: TableRepository<typeof model>;
    private readonly now;
    constructor(client: DynamoDBClient, tableName: string, options?: JobRepositoryOptions);
    /** Creates a job (status `queued` unless given); a duplicate id fails with `ItemAlreadyExistsError`. */
    create(job: {
        id: string;
        title: string;
        status?: JobStatus;
        createdAt?: string;
    }): Promise<Job>;
    /** The job, or undefined. */
    get(jobId: string, options?: {
        consistent?: boolean;
    }): Promise<Job | undefined>;
    /** One finding of a job, or undefined. */
    getFinding(jobId: string, findingId: string): Promise<Finding | undefined>;
    /** Researcher fan-in: writes the findings with BatchWriteItem (25 per call, unprocessed items retried). */
    addFindings(jobId: string, findings: {
        id: string;
        text: string;
    }[]): Promise<void>;
    /** Writes (or replaces) the job's report. */
    saveReport(jobId: string, report: {
        summary: string;
    }): Promise<void>;
    /** The job with its findings and report, from one Query over the job's partition (all pages). */
    getWithFindings(jobId: string): Promise<{
        job: Job;
        findings: Finding[];
        report?: Report;
    } | undefined>;
    /** Jobs in one status, newest `createdAt` first, a page at a time. */
    listByStatus(status: JobStatus, options?: {
        limit?: number;
        cursor?: string;
    }): Promise<{
        items: Job[];
        cursor?: string;
    }>;
    /**
     * Moves a job between states with a conditional write (the database enforces the state machine)
     * that moves its GSI1 keys too; `InvalidTransitionError` names the job, expected and actual state.
     */
    transitionStatus(jobId: string, expected: JobStatus, next: JobStatus): Promise<Job>;
    /** Keeps a failed job's debug payload for 7 days (TTL). */
    saveDebugPayload(jobId: string, payload: {
        id: string;
        payload: string;
    }): Promise<DebugPayload>;
    /** The job's debug payloads still stored. */
    getDebugPayloads(jobId: string): Promise<DebugPayload[]>;
}
