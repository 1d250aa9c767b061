import type { OperationHandler } from '../operation.js';

/**
 * DescribeEndpoints: the regional endpoint and how long a client may cache it, as
 * DynamoDB answers for endpoint discovery. SDKs skip discovery when they are given an
 * endpoint (as every client of the local engine is), so the answer only has to be well formed.
 */
export const describeEndpoints: OperationHandler = (context) => ({
  Endpoints: [{ Address: `dynamodb.${context.region}.amazonaws.com`, CachePeriodInMinutes: 1440 }],
});
