import type { ConditionNode } from './ast.js';
import { checkCondition } from './check-condition.js';
import type { ExpressionAttributes } from './expression-attributes.js';
import type { ExpressionMemo } from './expression-memo.js';
import { parseSyntax } from './parse-expression.js';

/**
 * Parses a ConditionExpression or FilterExpression into the AST, resolving `#names` and
 * `:values` through `attributes`. Throws DynamoDB's ValidationException messages
 * (`Invalid ConditionExpression: …`), `kind` naming the request member. `memo` (the
 * engine's) spares a text seen before its parse and its text-only checks.
 */
export function parseConditionExpression(
  text: string,
  attributes: ExpressionAttributes,
  kind: 'ConditionExpression' | 'FilterExpression',
  memo?: ExpressionMemo,
): ConditionNode {
  const syntax = parseSyntax(kind, text, (parser) => parser.parseConditionExpression(), memo);
  return checkCondition(kind, syntax, attributes, memo);
}
