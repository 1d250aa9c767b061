import type { OperationHandler } from '../operation.js';
import { describeStream } from './describe-stream.js';
import { getRecords } from './get-records.js';
import { getShardIterator } from './get-shard-iterator.js';
import { listStreams } from './list-streams.js';

/** The DynamoDB Streams protocol's target prefix (a service of its own, beside `DynamoDB_20120810`). */
export const STREAMS_TARGET_PREFIX = 'DynamoDBStreams_20120810.';

/**
 * Every DynamoDB Streams operation the engine answers, by its full `X-Amz-Target` name
 * (`DynamoDBStreams_20120810.GetRecords`): the names must not answer as DynamoDB operations.
 */
export const streamsOperations: Record<string, OperationHandler> = {
  [`${STREAMS_TARGET_PREFIX}ListStreams`]: listStreams,
  [`${STREAMS_TARGET_PREFIX}DescribeStream`]: describeStream,
  [`${STREAMS_TARGET_PREFIX}GetShardIterator`]: getShardIterator,
  [`${STREAMS_TARGET_PREFIX}GetRecords`]: getRecords,
};
