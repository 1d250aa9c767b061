import { STREAMS_TARGET_PREFIX } from './streams-target.js';
import { createHash } from 'node:crypto';
import { DynamoDBError, invalidParameterValue, resourceNotFound } from '../../errors.js';
import { RECORD_COLUMN, type StreamRow } from '../../storage/stream-log.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { trimmedDataAccess } from './get-shard-iterator.js';
import { optionalLimit, requireString } from './request-checks.js';
import { decodeIterator, encodeIterator, invalidIterator, ITERATOR_LIFETIME_MS } from './shard-iterator.js';
import { RecordPage } from './record-page.js';
import { isShardClosed, RETENTION_MS } from './shards.js';
import { streamArn } from './stream-specification.js';

interface GetRecordsInput {
  readonly ShardIterator?: string;
  readonly Limit?: number;
}

/** At most this many records per call, as DynamoDB. */
const MAX_RECORDS = 1000;

/**
 * Event ids are 32 hex digits, as DynamoDB's: 16 from a hash of the stream (worked out
 * once per call), 16 of the sequence number, so a record keeps its id across reads.
 */
function eventIdPrefix(stream: StreamRow): string {
  return createHash('md5').update(`${stream.tableName}/${stream.label}/${stream.createdAt}`).digest('hex').slice(0, 16);
}

/**
 * GetRecords: up to `Limit` (≤ 1000) records after the iterator's position, and the
 * iterator to continue with, absent once the shard is closed and read to its end.
 * Limit over 1000 is answered with DynamoDB Local's ValidationException (AWS's answer is
 * not on record).
 */
export const getRecords: OperationHandler = (context, input: GetRecordsInput) => {
  const iterator = requireString(input.ShardIterator, 'shardIterator');
  const limit = optionalLimit(input.Limit, 'limit') ?? MAX_RECORDS;
  if (limit > MAX_RECORDS) throw invalidParameterValue('Limit should be less than or equal to 1000');
  const { streamArn: arn, position } = decodeIterator(iterator);
  const log = context.storage.streams;
  const stream = log.stream(position.streamId);
  if (!stream) throw resourceNotFound(`Requested resource not found: Stream: ${arn} not found`);
  if (streamArn(context, stream.tableName, stream.label) !== arn) throw invalidIterator();
  const now = context.now();
  if (now - position.issuedAt > ITERATOR_LIFETIME_MS) {
    throw new DynamoDBError('ExpiredIteratorException', 'The provided iterator exceeds the maximum age allowed.');
  }
  const horizon = now - RETENTION_MS;
  // Closed is judged before reading: a record committed after the read still finds the next iterator.
  const closed = isShardClosed(log, stream, position.shard, now);
  const fetched = log.records(stream.id, position.shard, position.afterSeq, limit);
  let rows = fetched;
  if (fetched.length > 0 && fetched[0][RECORD_COLUMN.createdAt] < horizon) {
    if (!position.fromTrimHorizon) throw trimmedDataAccess();
    rows = fetched.filter((row) => row[RECORD_COLUMN.createdAt] >= horizon);
  }
  const records = new RecordPage(rows, {
    eventIdPrefix: eventIdPrefix(stream),
    awsRegion: context.region,
    viewType: stream.viewType,
  });
  const response: Record<string, unknown> = { Records: records };
  const lastSeq = fetched.length > 0 ? fetched[fetched.length - 1][RECORD_COLUMN.seq] : position.afterSeq;
  const exhausted = fetched.length < limit;
  if (!(closed && exhausted)) {
    response.NextShardIterator = encodeIterator(arn, {
      ...position,
      afterSeq: lastSeq,
      issuedAt: now,
      fromTrimHorizon: false,
    });
  }
  return response;
};

/** DynamoDB Streams' GetRecords, under its full target; no request shape (the handler checks its request itself). */
export const getRecordsOperation = defineOperation({
  name: `${STREAMS_TARGET_PREFIX}GetRecords`,
  shape: undefined,
  handler: getRecords,
  answer: 'self-written',
});
