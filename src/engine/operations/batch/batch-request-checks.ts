import { validationError } from '../../errors.js';

/** `RequestItems` must name at least one table: DynamoDB's own wording, per operation. */
export function requireRequestItems(operation: 'BatchGetItem' | 'BatchWriteItem', requestItems: unknown): void {
  if (
    requestItems === null ||
    typeof requestItems !== 'object' ||
    Object.keys(requestItems as Record<string, unknown>).length === 0
  ) {
    throw validationError(`The requestItems parameter is required for ${operation}`);
  }
}

/** More requests than the operation allows, counted over every table of the call. */
export function tooManyItems(operation: 'BatchGetItem' | 'BatchWriteItem'): Error {
  return validationError(`Too many items requested for the ${operation} call`);
}

/** Two requests of one call on the same item. */
export function duplicateKeys(): Error {
  return validationError('Provided list of item keys contains duplicates');
}
