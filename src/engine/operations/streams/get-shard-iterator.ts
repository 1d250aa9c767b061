import { STREAMS_TARGET_PREFIX } from './streams-target.js';
import { DynamoDBError, validationError } from '../../errors.js';
import { RECORD_COLUMN } from '../../storage/stream-log.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { requireString, sequenceNumberOf } from './request-checks.js';
import { RETENTION_MS, shardOrdinalOf } from './shards.js';
import { encodeIterator } from './shard-iterator.js';
import { requireStream } from './stream-lookup.js';

interface GetShardIteratorInput {
  readonly StreamArn?: string;
  readonly ShardId?: string;
  readonly ShardIteratorType?: string;
  readonly SequenceNumber?: string;
}

const ITERATOR_TYPES = ['TRIM_HORIZON', 'LATEST', 'AT_SEQUENCE_NUMBER', 'AFTER_SEQUENCE_NUMBER'];

export function trimmedDataAccess(): DynamoDBError {
  return new DynamoDBError('TrimmedDataAccessException', 'The data you are trying to access has been trimmed');
}

/**
 * GetShardIterator: a position in one shard, as of now. Sequence-number checks use
 * DynamoDB Local's wording (AWS's is not on record).
 */
export const getShardIterator: OperationHandler = (context, input: GetShardIteratorInput) => {
  const arn = requireString(input.StreamArn, 'streamArn');
  const shardId = requireString(input.ShardId, 'shardId');
  const type = requireString(input.ShardIteratorType, 'shardIteratorType');
  if (!ITERATOR_TYPES.includes(type)) {
    throw validationError(
      `1 validation error detected: Value '${type}' at 'shardIteratorType' failed to satisfy constraint: Member must satisfy enum value set: [TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER]`,
    );
  }
  const bySequence = type === 'AT_SEQUENCE_NUMBER' || type === 'AFTER_SEQUENCE_NUMBER';
  if (bySequence && input.SequenceNumber === undefined) throw validationError('Invalid SequenceNumber');
  if (!bySequence && input.SequenceNumber !== undefined) {
    throw validationError('SequenceNumber should not be passed for this iterator type');
  }
  const stream = requireStream(context, arn);
  const log = context.storage.streams;
  const shard = shardOrdinalOf(stream, shardId);
  const now = context.now();
  let afterSeq = 0;
  if (type === 'LATEST') afterSeq = log.lastSequence();
  else if (bySequence) {
    const seq = sequenceNumberOf(input.SequenceNumber as string);
    const [record] = log.records(stream.id, shard, seq - 1, 1);
    if (record && record[RECORD_COLUMN.seq] === seq && record[RECORD_COLUMN.createdAt] < now - RETENTION_MS)
      throw trimmedDataAccess();
    afterSeq = type === 'AT_SEQUENCE_NUMBER' ? seq - 1 : seq;
  }
  const position = { streamId: stream.id, shard, afterSeq, issuedAt: now, fromTrimHorizon: type === 'TRIM_HORIZON' };
  return { ShardIterator: encodeIterator(arn, position) };
};

/** DynamoDB Streams' GetShardIterator, under its full target; no request shape (the handler checks its request itself). */
export const getShardIteratorOperation = defineOperation({
  name: `${STREAMS_TARGET_PREFIX}GetShardIterator`,
  shape: undefined,
  handler: getShardIterator,
});
