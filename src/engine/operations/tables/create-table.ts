import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const createTable: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'CreateTable is not implemented yet');
};
