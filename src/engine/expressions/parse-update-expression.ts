import type { UpdateNode } from './ast.js';
import { checkUpdate } from './check-update.js';
import type { ExpressionAttributes } from './expression-attributes.js';
import { parseSyntax } from './parse-expression.js';

/**
 * Parses an UpdateExpression (SET with `+`/`-`, `if_not_exists`, `list_append`; REMOVE;
 * ADD; DELETE) into the AST, with DynamoDB's messages for syntax, limits, repeated
 * clauses, overlapping paths and operand types (`Invalid UpdateExpression: …`).
 */
export function parseUpdateExpression(text: string, attributes: ExpressionAttributes): UpdateNode {
  const clauses = parseSyntax('UpdateExpression', text, (parser) => parser.parseUpdateExpression());
  return checkUpdate(clauses, attributes);
}
