import type { DynamoDBError } from '../errors.js';
import { ExpressionSyntaxError, invalidExpression, syntaxError, type ExpressionKind } from './expression-errors.js';
import { Parser } from './parser.js';
import { tokenize } from './tokenizer.js';

/** Each expression is at most 4 KB; DynamoDB measures it in characters. */
const MAX_EXPRESSION_LENGTH = 4096;

/**
 * The steps every expression kind shares, in DynamoDB's order: empty, too long, syntax,
 * redundant parentheses. `parse` runs the kind's grammar on a fresh {@link Parser}.
 */
export function parseSyntax<T>(kind: ExpressionKind, text: string, parse: (parser: Parser) => T): T {
  if (typeof text !== 'string' || text.length === 0) throw invalidExpression(kind, 'The expression can not be empty;');
  if (text.length > MAX_EXPRESSION_LENGTH) {
    const detail =
      kind === 'UpdateExpression' || kind === 'ProjectionExpression'
        ? 'Expression size has exceeded the maximum allowed size;'
        : `Expression size has exceeded the maximum allowed size; expression size: ${text.length}`;
    throw invalidExpression(kind, detail);
  }
  const tokens = tokenize(text);
  const parser = new Parser(tokens);
  let result: T;
  try {
    result = parse(parser);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) throw syntaxError(kind, text, tokens, error.tokenIndex);
    if (error instanceof RangeError) throw tooDeep(kind);
    throw error;
  }
  if (parser.notes.redundantParentheses) throw invalidExpression(kind, 'The expression has redundant parentheses;');
  return result;
}

/**
 * Nesting so deep that the parser ran out of stack can only come from stacked parentheses
 * (a 4 KB expression holds no other way to nest that far).
 */
function tooDeep(kind: ExpressionKind): DynamoDBError {
  return invalidExpression(kind, 'The expression has redundant parentheses;');
}
