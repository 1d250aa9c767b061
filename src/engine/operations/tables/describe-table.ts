import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const describeTable: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'DescribeTable is not implemented yet');
};
