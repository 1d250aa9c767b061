import type { ConditionNode, Operand } from './ast.js';
import { valueAtPath } from './document-path.js';
import { compareValues, decodeBase64, valuesEqual } from '../values/index.js';
import { typeOf, type AttributeValue, type Item } from '../values/attribute-value.js';

/**
 * Whether `item` (undefined when there is no item) satisfies the condition, with DynamoDB's
 * semantics: a missing attribute makes comparisons false (and `<>` true), comparisons
 * between different types are false rather than errors, numbers compare numerically.
 */
export function evaluateCondition(node: ConditionNode, item: Item | undefined): boolean {
  switch (node.kind) {
    case 'and':
      return evaluateCondition(node.left, item) && evaluateCondition(node.right, item);
    case 'or':
      return evaluateCondition(node.left, item) || evaluateCondition(node.right, item);
    case 'not':
      return !evaluateCondition(node.operand, item);
    case 'compare': {
      const left = operandValue(node.left, item);
      const right = operandValue(node.right, item);
      if (node.comparator === '<>') return left === undefined || right === undefined || !valuesEqual(left, right);
      if (left === undefined || right === undefined) return false;
      if (node.comparator === '=') return valuesEqual(left, right);
      const order = orderOf(left, right);
      if (order === undefined) return false;
      switch (node.comparator) {
        case '<':
          return order < 0;
        case '<=':
          return order <= 0;
        case '>':
          return order > 0;
        case '>=':
          return order >= 0;
      }
      return false;
    }
    case 'between': {
      const value = operandValue(node.operand, item);
      const lower = operandValue(node.lower, item);
      const upper = operandValue(node.upper, item);
      if (value === undefined || lower === undefined || upper === undefined) return false;
      const fromLower = orderOf(value, lower);
      const toUpper = orderOf(value, upper);
      return fromLower !== undefined && toUpper !== undefined && fromLower >= 0 && toUpper <= 0;
    }
    case 'in': {
      const value = operandValue(node.operand, item);
      if (value === undefined) return false;
      // A loop, not `some` with a closure: conditions are evaluated on every conditional write.
      for (const candidate of node.candidates) {
        const candidateValue = operandValue(candidate, item);
        if (candidateValue !== undefined && valuesEqual(value, candidateValue)) return true;
      }
      return false;
    }
    case 'function':
      return evaluateFunction(node.name, node.args, item);
  }
}

function evaluateFunction(name: string, args: readonly Operand[], item: Item | undefined): boolean {
  switch (name) {
    case 'attribute_exists':
      return operandValue(args[0], item) !== undefined;
    case 'attribute_not_exists':
      return operandValue(args[0], item) === undefined;
    case 'attribute_type': {
      const value = operandValue(args[0], item);
      const type = operandValue(args[1], item);
      return value !== undefined && type !== undefined && 'S' in type && typeOf(value) === type.S;
    }
    case 'begins_with': {
      const value = operandValue(args[0], item);
      const prefix = operandValue(args[1], item);
      if (value === undefined || prefix === undefined) return false;
      if ('S' in value && 'S' in prefix) return value.S.startsWith(prefix.S);
      if ('B' in value && 'B' in prefix) {
        const bytes = decodeBase64(value.B);
        const prefixBytes = decodeBase64(prefix.B);
        return prefixBytes.length <= bytes.length && bytes.subarray(0, prefixBytes.length).equals(prefixBytes);
      }
      return false;
    }
    case 'contains':
      return contains(operandValue(args[0], item), operandValue(args[1], item));
    default:
      return false;
  }
}

/** `contains`: substring of a string, element of a set (same element type) or of a list. */
function contains(haystack: AttributeValue | undefined, needle: AttributeValue | undefined): boolean {
  if (haystack === undefined || needle === undefined) return false;
  if ('S' in haystack) return 'S' in needle && haystack.S.includes(needle.S);
  if ('B' in haystack) {
    return 'B' in needle && decodeBase64(haystack.B).includes(decodeBase64(needle.B));
  }
  if ('SS' in haystack) return 'S' in needle && haystack.SS.includes(needle.S);
  if ('NS' in haystack) return 'N' in needle && haystack.NS.some((element) => valuesEqual({ N: element }, needle));
  if ('BS' in haystack) return 'B' in needle && haystack.BS.some((element) => valuesEqual({ B: element }, needle));
  if ('L' in haystack) return haystack.L.some((element) => valuesEqual(element, needle));
  return false;
}

/** Order of two scalars of the same type (S, N, B), or `undefined` when they cannot be ordered. */
function orderOf(a: AttributeValue, b: AttributeValue): number | undefined {
  const type = typeOf(a);
  if (type !== typeOf(b) || (type !== 'S' && type !== 'N' && type !== 'B')) return undefined;
  return compareValues(a, b);
}

/** The value an operand stands for on this item; `undefined` for a missing path. */
export function operandValue(operand: Operand, item: Item | undefined): AttributeValue | undefined {
  switch (operand.kind) {
    case 'value':
      return operand.value;
    case 'path':
      return valueAtPath(item, operand.path);
    case 'size': {
      const value = operandValue(operand.operand, item);
      const size = value === undefined ? undefined : sizeOf(value);
      return size === undefined ? undefined : { N: String(size) };
    }
  }
}

/** DynamoDB's `size()`: string length in UTF-16 units (as Java counts), binary length in bytes, element counts. */
function sizeOf(value: AttributeValue): number | undefined {
  if ('S' in value) return value.S.length;
  if ('B' in value) return decodeBase64(value.B).length;
  if ('SS' in value) return value.SS.length;
  if ('NS' in value) return value.NS.length;
  if ('BS' in value) return value.BS.length;
  if ('L' in value) return value.L.length;
  if ('M' in value) return Object.keys(value.M).length;
  // size() of a number, boolean or null is not a value: the comparison is false.
  return undefined;
}
