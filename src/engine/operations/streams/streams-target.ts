/** The DynamoDB Streams protocol's target prefix (a service of its own, beside `DynamoDB_20120810`). */
export const STREAMS_TARGET_PREFIX = 'DynamoDBStreams_20120810.';
