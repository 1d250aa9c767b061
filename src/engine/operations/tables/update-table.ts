import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const updateTable: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'UpdateTable is not implemented yet');
};
