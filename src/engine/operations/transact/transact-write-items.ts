import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const transactWriteItems: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'TransactWriteItems is not implemented yet');
};
