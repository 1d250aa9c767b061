import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const tagResource: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'TagResource is not implemented yet');
};
