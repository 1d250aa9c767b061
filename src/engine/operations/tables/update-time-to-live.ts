import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const updateTimeToLive: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'UpdateTimeToLive is not implemented yet');
};
