import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const deleteTable: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'DeleteTable is not implemented yet');
};
