import type { ConditionNode, Operand } from './ast.js';
import { invalidExpression, type ExpressionKind } from './expression-errors.js';

/** DynamoDB allows at most 300 operators and functions in one expression. */
export const MAX_OPERATORS = 300;

/**
 * Rejects more than {@link MAX_OPERATORS} operators. DynamoDB stops counting at the first
 * one too many, so the message always says 301 whatever the real count.
 */
export function checkOperatorCount(kind: ExpressionKind, count: number): void {
  if (count > MAX_OPERATORS) {
    throw invalidExpression(kind, `The expression contains too many operators; operator count: ${MAX_OPERATORS + 1}`);
  }
}

/** Operators of a condition: AND, OR, NOT, each comparison, BETWEEN, IN and every function, size() included. */
export function conditionOperatorCount(node: ConditionNode): number {
  const operand = (value: Operand): number => (value.kind === 'size' ? 1 + operand(value.operand) : 0);
  switch (node.kind) {
    case 'and':
    case 'or':
      return 1 + conditionOperatorCount(node.left) + conditionOperatorCount(node.right);
    case 'not':
      return 1 + conditionOperatorCount(node.operand);
    case 'compare':
      return 1 + operand(node.left) + operand(node.right);
    case 'between':
      return 1 + operand(node.operand) + operand(node.lower) + operand(node.upper);
    case 'in':
      return 1 + operand(node.operand) + node.candidates.reduce((sum, candidate) => sum + operand(candidate), 0);
    case 'function':
      return 1 + node.args.reduce((sum, arg) => sum + operand(arg), 0);
  }
}
