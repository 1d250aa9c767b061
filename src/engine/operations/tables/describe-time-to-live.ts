import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const describeTimeToLive: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'DescribeTimeToLive is not implemented yet');
};
