import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const scan: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'Scan is not implemented yet');
};
