import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const deleteItem: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'DeleteItem is not implemented yet');
};
