import type { AttributeValue } from '../values/attribute-value.js';
import type { Expression, PathExpression } from './ast.js';
import { isValueExpression, valueOf } from './literal-values.js';

/** A WHERE split at its top-level ANDs. */
export function conjunctsOf(where: Expression | undefined): Expression[] {
  if (where === undefined) return [];
  if (where.kind === 'binary' && where.operator === 'AND')
    return [...conjunctsOf(where.left), ...conjunctsOf(where.right)];
  return [where];
}

/** The top-level attribute a conjunct `name = value` (either way round) fixes, with the value. */
export function equalityOf(
  conjunct: Expression,
  parameters: readonly AttributeValue[],
): { readonly name: string; readonly value: AttributeValue } | undefined {
  if (conjunct.kind !== 'binary' || conjunct.operator !== '=') return undefined;
  const [path, value] = isPlainName(conjunct.left)
    ? [conjunct.left, conjunct.right]
    : isPlainName(conjunct.right)
      ? [conjunct.right, conjunct.left]
      : [];
  if (path === undefined || value === undefined || !isValueExpression(value)) return undefined;
  return { name: (path as PathExpression).name, value: valueOf(value, parameters) };
}

/** Whether the operand is a bare top-level attribute name (no map key, no list index). */
export function isPlainName(expression: Expression): expression is PathExpression {
  return expression.kind === 'path' && expression.steps.length === 0;
}

/** Every top-level attribute the expression refers to, to tell key conditions from filters. */
export function namesIn(expression: Expression, into = new Set<string>()): Set<string> {
  switch (expression.kind) {
    case 'path':
      into.add(expression.name);
      break;
    case 'binary':
      namesIn(expression.left, into);
      namesIn(expression.right, into);
      break;
    case 'not':
      namesIn(expression.operand, into);
      break;
    case 'between':
      namesIn(expression.operand, into);
      namesIn(expression.low, into);
      namesIn(expression.high, into);
      break;
    case 'in':
      namesIn(expression.operand, into);
      for (const candidate of expression.candidates) namesIn(candidate, into);
      break;
    case 'is':
      namesIn(expression.operand, into);
      break;
    case 'call':
    case 'list':
    case 'bag':
      for (const arg of expression.kind === 'call' ? expression.args : expression.items) namesIn(arg, into);
      break;
    case 'map':
      for (const [, value] of expression.entries) namesIn(value, into);
      break;
    default:
      break;
  }
  return into;
}
