/**
 * The Lambda entry of the job-status counters (the model's `jobStatusCounters` stream handler;
 * `monotable infra cdk` bundles it and passes the table's name in `TABLE_NAME`).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { model } from '../model.js';
import { createJobStatusCountersHandler } from './job-status-counters.js';

export const handler = createJobStatusCountersHandler(
  new DynamoDBClient({}),
  process.env.TABLE_NAME ?? model.table.name,
);
