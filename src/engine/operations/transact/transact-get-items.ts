import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const transactGetItems: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'TransactGetItems is not implemented yet');
};
