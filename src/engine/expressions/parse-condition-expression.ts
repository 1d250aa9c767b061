import type { ConditionNode } from './ast.js';
import { checkCondition, prepareCondition } from './check-condition.js';
import type { ExpressionAttributes } from './expression-attributes.js';

/**
 * Parses a ConditionExpression or FilterExpression into the AST, resolving `#names` and
 * `:values` through `attributes`. Throws DynamoDB's ValidationException messages
 * (`Invalid ConditionExpression: …`), `kind` naming the request member. The engine takes
 * the same steps through its prepared expressions (prepared-expressions.ts), which
 * prepare a text once.
 */
export function parseConditionExpression(
  text: string,
  attributes: ExpressionAttributes,
  kind: 'ConditionExpression' | 'FilterExpression',
): ConditionNode {
  return checkCondition(prepareCondition(text, kind), attributes);
}
