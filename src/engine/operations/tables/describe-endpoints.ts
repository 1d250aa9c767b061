import { describeEndpoints as describeEndpointsShape } from '../../validation/shapes/tag-and-time-to-live-operations.js';
import { defineOperation, type OperationHandler } from '../operation.js';

/**
 * DescribeEndpoints: the regional endpoint and how long a client may cache it, as
 * DynamoDB answers for endpoint discovery. SDKs skip discovery when they are given an
 * endpoint (as every client of the local engine is), so the answer only has to be well formed.
 */
export const describeEndpoints: OperationHandler = (context) => ({
  Endpoints: [{ Address: `dynamodb.${context.region}.amazonaws.com`, CachePeriodInMinutes: 1440 }],
});

/** DescribeEndpoints: its request shape and its handler (operations/registry.ts lists every definition). */
export const describeEndpointsOperation = defineOperation({
  name: 'DescribeEndpoints',
  shape: describeEndpointsShape,
  handler: describeEndpoints,
});
