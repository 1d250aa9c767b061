import { DynamoDBError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

// Placeholder until the operation lands; replaced by its implementation.
export const listTables: OperationHandler = () => {
  throw new DynamoDBError('UnknownOperationException', 'ListTables is not implemented yet');
};
