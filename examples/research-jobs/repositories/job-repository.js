import { TableRepository } from '../../../src/repository/index.js';
import { model } from '../model.js';
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
    db;
    now;
    constructor(client, tableName, options = {}) {
        this.now = options.now ?? Date.now;
        this.db = new TableRepository(client, model, { tableName, now: this.now, ...options });
    }
    /** Creates a job (status `queued` unless given); a duplicate id fails with `ItemAlreadyExistsError`. */
    async create(job) {
        return this.db.entity('job').create({
            id: job.id,
            title: job.title,
            ...(job.status ? { status: job.status } : {}),
            createdAt: job.createdAt ?? new Date(this.now()).toISOString(),
        });
    }
    /** The job, or undefined. */
    async get(jobId, options = {}) {
        return this.db.entity('job').get({ id: jobId }, options);
    }
    /** One finding of a job, or undefined. */
    async getFinding(jobId, findingId) {
        return this.db.entity('finding').get({ jobId, id: findingId });
    }
    /** Researcher fan-in: writes the findings with BatchWriteItem (25 per call, unprocessed items retried). */
    async addFindings(jobId, findings) {
        await this.db.entity('finding').batchPut(findings.map((f) => ({ jobId, id: f.id, text: f.text })));
    }
    /** Writes (or replaces) the job's report. */
    async saveReport(jobId, report) {
        await this.db.entity('report').put({ jobId, summary: report.summary });
    }
    /** The job with its findings and report, from one Query over the job's partition (all pages). */
    async getWithFindings(jobId) {
        const collection = await this.db.collection('getJobWithFindings', { id: jobId });
        const job = collection.job[0];
        if (!job)
            return undefined;
        const report = collection.report[0];
        return report ? { job, findings: collection.finding, report } : { job, findings: collection.finding };
    }
    /** Jobs in one status, newest `createdAt` first, a page at a time. */
    async listByStatus(status, options = {}) {
        return this.db.query('listJobsByStatus', { status }, options);
    }
    /**
     * Moves a job between states with a conditional write (the database enforces the state machine)
     * that moves its GSI1 keys too; `InvalidTransitionError` names the job, expected and actual state.
     */
    async transitionStatus(jobId, expected, next) {
        return this.db.entity('job').transition({ id: jobId }, { from: expected, to: next });
    }
    /** Keeps a failed job's debug payload for 7 days (TTL). */
    async saveDebugPayload(jobId, payload) {
        return this.db.entity('debugPayload').put({ jobId, id: payload.id, payload: payload.payload });
    }
    /** The job's debug payloads still stored. */
    async getDebugPayloads(jobId) {
        return (await this.db.collection('getDebugPayloads', { jobId })).debugPayload;
    }
}
//# sourceMappingURL=job-repository.js.map