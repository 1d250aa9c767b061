import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTableFromModel } from '../../src/repository/create-table.js';
import { model } from './model.js';

export { model, jobStatuses, type JobStatus } from './model.js';
export {
  JobRepository,
  type Job,
  type Finding,
  type Report,
  type DebugPayload,
  type JobRepositoryOptions,
} from './repositories/job-repository.js';
export { createJobStatusCountersHandler, statusDeltas, type JobChange } from './streams/job-status-counters.js';

/**
 * Creates the research-jobs table from the model (keys, GSI1, billing mode, TTL, its
 * NEW_AND_OLD_IMAGES stream) under `tableName`.
 *
 * @example
 * await createTable(client, 'research-jobs');
 */
export async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  await createTableFromModel(client, model, { tableName });
}
