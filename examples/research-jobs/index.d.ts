import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
export { model, jobStatuses, type JobStatus } from './model.js';
export { JobRepository, type Job, type Finding, type Report, type DebugPayload, type JobRepositoryOptions } from './repositories/job-repository.js';
/**
 * Creates the research-jobs table from the model (keys, GSI1, billing mode, TTL) under `tableName`.
 *
 * @example
 * await createTable(client, 'research-jobs');
 */
export declare function createTable(client: DynamoDBClient, tableName: string): Promise<void>;
