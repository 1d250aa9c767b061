import type { AttributeValue } from '../values/attribute-value.js';
import type { Expression } from './ast.js';
import { unsupported } from './errors.js';

/** A number literal's text as DynamoDB's `N` keeps it (the engine checks its 38 digits and range). */
export function numberLiteral(text: string): string {
  return text;
}

/** Whether the expression is a value (literal, `?`, or a list/map/set of them) rather than a path or a call. */
export function isValueExpression(expression: Expression): boolean {
  switch (expression.kind) {
    case 'literal':
    case 'parameter':
      return true;
    case 'list':
    case 'bag':
      return expression.items.every(isValueExpression);
    case 'map':
      return expression.entries.every(([, value]) => isValueExpression(value));
    default:
      return false;
  }
}

/**
 * The AttributeValue a value expression stands for, with `?` bound to `parameters`.
 *
 * @example
 * valueOf({ kind: 'bag', items: [{ kind: 'literal', value: { S: 'a' } }] }, []); // → { SS: ['a'] }
 */
export function valueOf(expression: Expression, parameters: readonly AttributeValue[]): AttributeValue {
  switch (expression.kind) {
    case 'literal':
      return expression.value as AttributeValue;
    case 'parameter':
      return parameters[expression.index] as AttributeValue;
    case 'list':
      return { L: expression.items.map((item) => valueOf(item, parameters)) };
    case 'map': {
      const map: Record<string, AttributeValue> = {};
      for (const [key, value] of expression.entries) {
        if (Object.hasOwn(map, key)) throw unsupported(`Duplicate keys in tuple. Key: ${key}`);
        map[key] = valueOf(value, parameters);
      }
      return { M: map };
    }
    case 'bag':
      return bagOf(expression.items.map((item) => valueOf(item, parameters)));
    default:
      throw unsupported(`Unsupported operation: ${expression.kind} is not a value`);
  }
}

const BAG_TYPE_MESSAGE = 'Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags';

function bagOf(elements: AttributeValue[]): AttributeValue {
  if (elements.length === 0) throw unsupported('Empty bags are not supported');
  const first = elements[0] as Record<string, unknown>;
  const type = 'S' in first ? 'S' : 'N' in first ? 'N' : 'B' in first ? 'B' : undefined;
  if (type === undefined) throw unsupported(BAG_TYPE_MESSAGE);
  const members: string[] = [];
  for (const element of elements) {
    const value = (element as Record<string, unknown>)[type];
    if (typeof value !== 'string') throw unsupported(BAG_TYPE_MESSAGE);
    members.push(value);
  }
  return type === 'S' ? { SS: members } : type === 'N' ? { NS: members } : { BS: members };
}
