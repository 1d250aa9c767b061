import { type DynamoDBError, validationError } from '../errors.js';

/** A parse failure inside the parser; `parseStatement` answers it as `statementNotWellFormed`. */
export class ParseFailure extends Error {}

export function malformedStatement(detail: string): ParseFailure {
  return new ParseFailure(detail);
}

/**
 * A statement DynamoDB cannot parse: `ValidationException` with DynamoDB's prefix
 * `Statement wasn't well formed, can't be processed: ` and, as DynamoDB Local words it,
 * the statement itself (the service words a parser detail instead, which is not known
 * for every failure; facts §3.7).
 */
export function statementNotWellFormed(statement: string): DynamoDBError {
  return validationError(`Statement wasn't well formed, can't be processed: ${statement}`);
}

/** A construct PartiQL parses but DynamoDB does not run: a `ValidationException` with DynamoDB's message. */
export function unsupported(message: string): DynamoDBError {
  return validationError(message);
}

/** The message DynamoDB gives UPDATE and DELETE whose WHERE does not pin one item. */
export const MANDATORY_KEY_EQUALITY = 'Where clause does not contain a mandatory equality on all key attributes';
