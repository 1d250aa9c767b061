import { DynamoDBError, validationError } from '../errors.js';

/**
 * A statement DynamoDB cannot parse: `ValidationException` with DynamoDB's prefix
 * `Statement wasn't well formed, can't be processed: ` and a parser detail.
 */
export function malformedStatement(detail: string): DynamoDBError {
  return validationError(`Statement wasn't well formed, can't be processed: ${detail}`);
}

/** A construct PartiQL parses but DynamoDB does not run: a `ValidationException` with DynamoDB's message. */
export function unsupported(message: string): DynamoDBError {
  return validationError(message);
}

/** The message DynamoDB gives UPDATE and DELETE whose WHERE does not pin one item. */
export const MANDATORY_KEY_EQUALITY = 'Where clause does not contain a mandatory equality on all key attributes';
