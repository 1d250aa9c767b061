import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const putItem: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'PutItem is not implemented yet');
};
