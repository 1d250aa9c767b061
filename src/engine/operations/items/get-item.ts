import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const getItem: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'GetItem is not implemented yet');
};
