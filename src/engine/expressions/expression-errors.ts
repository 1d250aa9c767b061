import { type DynamoDBError, invalidExpression as invalidExpressionOf } from '../errors.js';
import type { Token } from './tokenizer.js';

/** The request member an expression came from; DynamoDB names it in every message. */
export type ExpressionKind =
  | 'ConditionExpression'
  | 'FilterExpression'
  | 'KeyConditionExpression'
  | 'UpdateExpression'
  | 'ProjectionExpression';

/** `Invalid <kind>: <detail>`, DynamoDB's frame for every problem found inside an expression. */
export function invalidExpression(kind: ExpressionKind, detail: string): DynamoDBError {
  return invalidExpressionOf(kind, detail);
}

/**
 * DynamoDB's syntax error: the offending token, and the source text from the token before
 * it to the token after it (from the start of the input when there is none before, to the
 * end when there is none after).
 */
export function syntaxError(
  kind: ExpressionKind,
  input: string,
  tokens: readonly Token[],
  index: number,
): DynamoDBError {
  const offending = tokens[index];
  const start = index > 0 ? tokens[index - 1].start : 0;
  const next = tokens[index + 1];
  const end = offending.kind === 'eof' || next === undefined ? input.length : next.end;
  return invalidExpression(kind, `Syntax error; token: "${offending.text}", near: "${input.slice(start, end)}"`);
}

/**
 * Thrown by the parser at the first token it cannot use; turned into {@link syntaxError}
 * by the entry points, which know the expression kind.
 */
export class ExpressionSyntaxError extends Error {
  constructor(readonly tokenIndex: number) {
    super(`syntax error at token ${tokenIndex}`);
  }
}

/** `[a, b, [3]]`, how DynamoDB prints a document path in messages. */
export function formatPathForMessage(path: readonly (string | number)[]): string {
  return `[${path.map((element) => (typeof element === 'number' ? `[${element}]` : element)).join(', ')}]`;
}
