import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const query: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'Query is not implemented yet');
};
