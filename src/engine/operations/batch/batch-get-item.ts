import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const batchGetItem: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'BatchGetItem is not implemented yet');
};
