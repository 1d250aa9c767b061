import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const listTagsOfResource: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'ListTagsOfResource is not implemented yet');
};
