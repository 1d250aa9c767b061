import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const batchWriteItem: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'BatchWriteItem is not implemented yet');
};
