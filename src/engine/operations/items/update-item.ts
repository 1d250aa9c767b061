import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const updateItem: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'UpdateItem is not implemented yet');
};
