import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  decodeChange,
  primaryKeyOf,
  TableRepository,
  TransactionCancelledError,
  type EntityChange,
  type TransactAction,
} from '../../../src/repository/index.js';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from '../../../src/streams/index.js';
import { jobStatusCount, model, type job, type JobStatus } from '../model.js';

/** A decoded change of a job, as the table's NEW_AND_OLD_IMAGES stream delivers it. */
export type JobChange = EntityChange<typeof job, 'NEW_AND_OLD_IMAGES'>;

/**
 * How a job change moves the per-status counters: an INSERT counts its status, a REMOVE
 * uncounts it, a MODIFY that changes the status moves one from the old to the new. Pure.
 *
 * @example
 * statusDeltas(change) // Map { 'queued' => -1, 'running' => 1 } for a queued → running transition
 */
export function statusDeltas(change: JobChange): Map<JobStatus, number> {
  const deltas = new Map<JobStatus, number>();
  const add = (status: JobStatus, delta: number) => deltas.set(status, (deltas.get(status) ?? 0) + delta);
  if (change.oldItem) add(change.oldItem.status, -1);
  if (change.newItem) add(change.newItem.status, +1);
  for (const [status, delta] of deltas) if (delta === 0) deltas.delete(status);
  return deltas;
}

/** The counter update of one status: `ADD count :delta`, creating the counter item at its first change. */
function counterUpdate(tableName: string, status: JobStatus, delta: number): TransactAction {
  const { entityTypeAttribute } = model.table;
  return {
    action: 'Update',
    item: { entity: jobStatusCount.name, key: { status } },
    request: {
      Update: {
        TableName: tableName,
        Key: primaryKeyOf(jobStatusCount, { status }),
        UpdateExpression: 'ADD #count :delta SET #type = :type, #status = :status',
        ExpressionAttributeNames: { '#count': 'count', '#type': entityTypeAttribute, '#status': 'status' },
        ExpressionAttributeValues: { ':delta': delta, ':type': jobStatusCount.name, ':status': status },
      },
    },
  };
}

/**
 * The stream handler that keeps one counter item per job status (the single-table aggregate),
 * unchanged on Lambda (`job-status-counters-lambda.ts`) and locally (`runStreamHandler`).
 *
 * Each job change is counted in one transaction with a `countedChange` receipt keyed by the
 * record's event ID: a record Lambda hands over again (a retried batch) finds its receipt and
 * is skipped, so every change is counted exactly once. A change that cannot be counted is
 * reported (`ReportBatchItemFailures`) with every record after it, so Lambda retries from it
 * and per-shard order holds.
 *
 * @example
 * const running = runStreamHandler({ client, tableName, handler: createJobStatusCountersHandler(client, tableName), ...streamHandlerSettings(model, 'jobStatusCounters') });
 */
export function createJobStatusCountersHandler(
  client: DynamoDBClient,
  tableName: string,
  options: { readonly now?: () => number } = {},
): (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse> {
  // `now` stamps the receipts' expiry (an engine with an injected clock reaps them on its time).
  const db = new TableRepository(client, model, { tableName, ...(options.now ? { now: options.now } : {}) });
  return async (event) => {
    for (const record of event.Records) {
      const change = decodeChange(model, record);
      // Counters, receipts and the job's findings move no counter.
      if (change.entity !== 'job') continue;
      const deltas = statusDeltas(change);
      if (deltas.size === 0) continue;
      try {
        await db.transact([
          db.entity('countedChange').transaction.create({ eventId: change.eventId }),
          ...[...deltas].map(([status, delta]) => counterUpdate(tableName, status, delta)),
        ]);
      } catch (error) {
        const countedBefore =
          error instanceof TransactionCancelledError &&
          error.payload.reasons.some((reason) => reason.index === 0 && reason.code === 'ConditionalCheckFailed');
        if (countedBefore) continue;
        return { batchItemFailures: [{ itemIdentifier: change.sequenceNumber }] };
      }
    }
    return { batchItemFailures: [] };
  };
}
