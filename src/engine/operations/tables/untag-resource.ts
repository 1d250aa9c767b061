import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const untagResource: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'UntagResource is not implemented yet');
};
