import type { UpdateNode } from './ast.js';
import { checkUpdate, prepareUpdate } from './check-update.js';
import type { ExpressionAttributes } from './expression-attributes.js';

/**
 * Parses an UpdateExpression (SET with `+`/`-`, `if_not_exists`, `list_append`; REMOVE;
 * ADD; DELETE) into the AST, with DynamoDB's messages for syntax, limits, repeated
 * clauses, overlapping paths and operand types (`Invalid UpdateExpression: …`). The
 * engine takes the same steps through its prepared expressions (prepared-expressions.ts).
 */
export function parseUpdateExpression(text: string, attributes: ExpressionAttributes): UpdateNode {
  return checkUpdate(prepareUpdate(text), attributes);
}
