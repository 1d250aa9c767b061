import { DynamoDBError } from '../errors.js';

/**
 * For tests: runs `work` and returns the message of the ValidationException it throws;
 * throws when it returns normally or throws anything else.
 */
export function validationMessage(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof DynamoDBError && error.type === 'ValidationException') return error.message;
    throw error;
  }
  throw new Error('expected a ValidationException');
}
