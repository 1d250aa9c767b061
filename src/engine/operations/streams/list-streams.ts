import { STREAMS_TARGET_PREFIX } from './streams-target.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { optionalLimit } from './request-checks.js';
import { streamArn } from './stream-specification.js';

interface ListStreamsInput {
  readonly TableName?: string;
  readonly Limit?: number;
  readonly ExclusiveStartStreamArn?: string;
}

/** ListStreams: every stream of the file (or of one table), disabled ones and those of deleted tables included. */
export const listStreams: OperationHandler = (context, input: ListStreamsInput) => {
  const limit = optionalLimit(input.Limit, 'limit') ?? 100;
  const all = context.storage.streams.listStreams(input.TableName).map((stream) => ({
    StreamArn: streamArn(context, stream.tableName, stream.label),
    TableName: stream.tableName,
    StreamLabel: stream.label,
  }));
  let start = 0;
  if (input.ExclusiveStartStreamArn !== undefined) {
    start = all.findIndex((stream) => stream.StreamArn === input.ExclusiveStartStreamArn) + 1;
  }
  const page = all.slice(start, start + limit);
  const response: Record<string, unknown> = { Streams: page };
  if (start + limit < all.length) response.LastEvaluatedStreamArn = page.at(-1)?.StreamArn;
  return response;
};

/** DynamoDB Streams' ListStreams, under its full target; no request shape (the handler checks its request itself). */
export const listStreamsOperation = defineOperation({
  name: `${STREAMS_TARGET_PREFIX}ListStreams`,
  shape: undefined,
  handler: listStreams,
});
