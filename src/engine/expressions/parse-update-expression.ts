import type { UpdateNode } from './ast.js';
import { checkUpdate } from './check-update.js';
import type { ExpressionAttributes } from './expression-attributes.js';
import type { ExpressionMemo } from './expression-memo.js';
import { parseSyntax } from './parse-expression.js';

/**
 * Parses an UpdateExpression (SET with `+`/`-`, `if_not_exists`, `list_append`; REMOVE;
 * ADD; DELETE) into the AST, with DynamoDB's messages for syntax, limits, repeated
 * clauses, overlapping paths and operand types (`Invalid UpdateExpression: …`). `memo`
 * (the engine's) spares a text seen before its parse and its text-only checks.
 */
export function parseUpdateExpression(
  text: string,
  attributes: ExpressionAttributes,
  memo?: ExpressionMemo,
): UpdateNode {
  const clauses = parseSyntax('UpdateExpression', text, (parser) => parser.parseUpdateExpression(), memo);
  return checkUpdate(clauses, attributes, memo);
}
