import { STREAMS_TARGET_PREFIX } from './streams-target.js';
import { validationError } from '../../errors.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { optionalLimit, requireString } from './request-checks.js';
import { sequenceNumberText, streamShards } from './shards.js';
import { requireStream } from './stream-lookup.js';
import { streamArn } from './stream-specification.js';

interface DescribeStreamInput {
  readonly StreamArn?: string;
  readonly Limit?: number;
  readonly ExclusiveStartShardId?: string;
  readonly ShardFilter?: { readonly Type?: string; readonly ShardId?: string };
}

/** DescribeStream: status, key schema and the shards in lineage order (parents first). */
export const describeStream: OperationHandler = (context, input: DescribeStreamInput) => {
  const arn = requireString(input.StreamArn, 'streamArn');
  const limit = optionalLimit(input.Limit, 'limit') ?? 100;
  const stream = requireStream(context, arn);
  let shards = streamShards(context.storage.streams, stream, context.now());
  if (input.ShardFilter) {
    if (input.ShardFilter.Type !== 'CHILD_SHARDS') throw validationError('Invalid ShardFilter Type');
    const parent = input.ShardFilter.ShardId;
    shards = shards.filter((shard) => shard.parentShardId === parent);
  }
  let start = 0;
  if (input.ExclusiveStartShardId !== undefined) {
    start = shards.findIndex((shard) => shard.shardId === input.ExclusiveStartShardId) + 1;
  }
  const page = shards.slice(start, start + limit);
  const description: Record<string, unknown> = {
    StreamArn: streamArn(context, stream.tableName, stream.label),
    StreamLabel: stream.label,
    StreamStatus: stream.disabledAt === null ? 'ENABLED' : 'DISABLED',
    StreamViewType: stream.viewType,
    CreationRequestDateTime: stream.createdAt / 1000,
    TableName: stream.tableName,
    KeySchema: stream.keySchema,
    Shards: page.map((shard) => {
      const range: Record<string, string> = {
        StartingSequenceNumber: sequenceNumberText(shard.startingSequenceNumber),
      };
      if (shard.endingSequenceNumber !== undefined)
        range.EndingSequenceNumber = sequenceNumberText(shard.endingSequenceNumber);
      const rendered: Record<string, unknown> = { ShardId: shard.shardId, SequenceNumberRange: range };
      if (shard.parentShardId) rendered.ParentShardId = shard.parentShardId;
      return rendered;
    }),
  };
  if (start + limit < shards.length) description.LastEvaluatedShardId = page.at(-1)?.shardId;
  return { StreamDescription: description };
};

/** DynamoDB Streams' DescribeStream, under its full target; no request shape (the handler checks its request itself). */
export const describeStreamOperation = defineOperation({
  name: `${STREAMS_TARGET_PREFIX}DescribeStream`,
  shape: undefined,
  handler: describeStream,
});
