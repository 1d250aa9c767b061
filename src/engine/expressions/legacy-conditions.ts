import { requireAttributeName } from './legacy-attribute-name.js';
import type { ConditionNode, Operand } from './ast.js';
import {
  hasMultiAttributeKey,
  keyConditionFromTerms,
  type KeyCondition,
  type KeySchemaAttributes,
  type KeyTerm,
} from './key-condition.js';
import { invalidParameterValue, validationError } from '../errors.js';
import { compareValues } from '../values/index.js';
import { typeOf, type AttributeValue } from '../values/attribute-value.js';
import { checkValueNesting } from '../values/nesting-levels.js';

/** One entry of the legacy `QueryFilter`, `ScanFilter` or `KeyConditions`. */
export interface LegacyCondition {
  readonly ComparisonOperator?: string;
  readonly AttributeValueList?: readonly AttributeValue[];
}

/** One entry of the legacy `Expected`. */
export interface LegacyExpectation extends LegacyCondition {
  readonly Value?: AttributeValue;
  readonly Exists?: boolean;
}

const ARGUMENT_COUNTS: Readonly<Record<string, (count: number) => boolean>> = {
  EQ: (count) => count === 1,
  NE: (count) => count === 1,
  LE: (count) => count === 1,
  LT: (count) => count === 1,
  GE: (count) => count === 1,
  GT: (count) => count === 1,
  CONTAINS: (count) => count === 1,
  NOT_CONTAINS: (count) => count === 1,
  BEGINS_WITH: (count) => count === 1,
  NOT_NULL: (count) => count === 0,
  NULL: (count) => count === 0,
  IN: (count) => count > 0,
  BETWEEN: (count) => count === 2,
};

const ALLOWED_TYPES: Readonly<Record<string, readonly string[]>> = {
  EQ: ['S', 'N', 'B', 'SS', 'NS', 'BS', 'BOOL', 'NULL', 'L', 'M'],
  NE: ['S', 'N', 'B', 'SS', 'NS', 'BS', 'BOOL', 'NULL', 'L', 'M'],
  LE: ['S', 'N', 'B'],
  LT: ['S', 'N', 'B'],
  GE: ['S', 'N', 'B'],
  GT: ['S', 'N', 'B'],
  // A list or map is never an element or a substring, so DynamoDB refuses them here.
  CONTAINS: ['S', 'N', 'B', 'BOOL', 'NULL'],
  NOT_CONTAINS: ['S', 'N', 'B', 'BOOL', 'NULL'],
  BEGINS_WITH: ['S', 'B'],
  IN: ['S', 'N', 'B'],
  BETWEEN: ['S', 'N', 'B'],
};

/** Checks the operator, the number and the types of its values, with DynamoDB's messages. */
function checkLegacyCondition(operator: string, values: readonly AttributeValue[]): void {
  const countOk = ARGUMENT_COUNTS[operator];
  if (countOk === undefined) {
    throw validationError(
      `1 validation error detected: Value '${operator}' at 'comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]`,
    );
  }
  if (!countOk(values.length)) {
    throw invalidParameterValue(`Invalid number of argument(s) for the ${operator} ComparisonOperator`);
  }
  if (values.length > 0) {
    const firstType = typeOf(values[0]);
    if (values.some((value) => typeOf(value) !== firstType)) {
      throw invalidParameterValue('AttributeValues inside AttributeValueList must be of same type');
    }
    const allowed = ALLOWED_TYPES[operator] ?? [];
    for (const value of values) {
      if (!allowed.includes(typeOf(value))) {
        throw invalidParameterValue(
          `ComparisonOperator ${operator} is not valid for ${typeOf(value)} AttributeValue type`,
        );
      }
    }
  }
  if (operator === 'BETWEEN' && compareValues(values[0], values[1]) > 0) {
    throw validationError(
      'The BETWEEN condition was provided a range where the lower bound is greater than the upper bound',
    );
  }
}

/** `name OP values` as an AST node. */
function conditionFor(name: string, operator: string, values: readonly AttributeValue[]): ConditionNode {
  const path: Operand = { kind: 'path', path: [name] };
  const value = (index: number): Operand => ({ kind: 'value', value: values[index] });
  const compare = (comparator: '=' | '<>' | '<' | '<=' | '>' | '>='): ConditionNode => ({
    kind: 'compare',
    comparator,
    left: path,
    right: value(0),
  });
  switch (operator) {
    case 'EQ':
      return compare('=');
    case 'NE':
      return compare('<>');
    case 'LE':
      return compare('<=');
    case 'LT':
      return compare('<');
    case 'GE':
      return compare('>=');
    case 'GT':
      return compare('>');
    case 'NOT_NULL':
      return { kind: 'function', name: 'attribute_exists', args: [path] };
    case 'NULL':
      return { kind: 'function', name: 'attribute_not_exists', args: [path] };
    case 'CONTAINS':
      return { kind: 'function', name: 'contains', args: [path, value(0)] };
    case 'NOT_CONTAINS':
      // Unlike NOT contains(...), a missing attribute does not satisfy NOT_CONTAINS.
      return {
        kind: 'and',
        left: { kind: 'function', name: 'attribute_exists', args: [path] },
        right: { kind: 'not', operand: { kind: 'function', name: 'contains', args: [path, value(0)] } },
      };
    case 'BEGINS_WITH':
      return { kind: 'function', name: 'begins_with', args: [path, value(0)] };
    case 'IN':
      return { kind: 'in', operand: path, candidates: values.map((_, index) => value(index)) };
    default:
      return { kind: 'between', operand: path, lower: value(0), upper: value(1) };
  }
}

function combine(nodes: readonly ConditionNode[], operator: string | undefined): ConditionNode | undefined {
  if (operator !== undefined && operator !== 'AND' && operator !== 'OR') {
    throw validationError(
      `1 validation error detected: Value '${operator}' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]`,
    );
  }
  if (nodes.length === 0) return undefined;
  const kind = operator === 'OR' ? 'or' : 'and';
  return nodes.reduce((left, right) => ({ kind, left, right }));
}

/**
 * `ConditionalOperator` only combines two or more legacy conditions; DynamoDB checks this
 * after the conditions themselves. `conditions` is `undefined` when the request has none.
 */
export function checkConditionalOperator(
  conditions: Readonly<Record<string, unknown>> | undefined,
  operator?: string,
): void {
  if (operator === undefined) return;
  const count = conditions === undefined ? 0 : Object.keys(conditions).length;
  if (count === 0) throw validationError('ConditionalOperator cannot be used without Filter or Expected');
  if (count < 2)
    throw validationError('ConditionalOperator can only be used when Filter or Expected has two or more elements');
}

/**
 * The legacy `Expected` (+ `ConditionalOperator`) as a condition AST; `undefined` when
 * there is nothing to check. `{Exists: false}` is `attribute_not_exists`, a bare `Value`
 * (or `Exists: true`) is equality.
 */
export function conditionFromExpected(
  expected: Readonly<Record<string, LegacyExpectation>> | undefined,
  operator?: string,
): ConditionNode | undefined {
  const nodes = Object.entries(expected ?? {}).map(([name, entry]): ConditionNode => {
    requireAttributeName(name);
    if (entry.AttributeValueList !== undefined && entry.Value !== undefined) {
      throw invalidParameterValue(`Value and AttributeValueList cannot be used together for Attribute: ${name}`);
    }
    if (entry.ComparisonOperator !== undefined) {
      if (entry.Exists !== undefined) {
        throw invalidParameterValue(`Exists and ComparisonOperator cannot be used together for Attribute: ${name}`);
      }
      const values = entry.AttributeValueList ?? (entry.Value !== undefined ? [entry.Value] : []);
      const operatorName = entry.ComparisonOperator;
      if (
        operatorName !== 'NULL' &&
        operatorName !== 'NOT_NULL' &&
        entry.AttributeValueList === undefined &&
        entry.Value === undefined
      ) {
        throw invalidParameterValue(
          `Value or AttributeValueList must be used with ComparisonOperator: ${operatorName} for Attribute: ${name}`,
        );
      }
      checkLegacyCondition(operatorName, values);
      return conditionFor(name, operatorName, values);
    }
    if (entry.AttributeValueList !== undefined) {
      throw invalidParameterValue(
        `AttributeValueList can only be used with a ComparisonOperator for Attribute: ${name}`,
      );
    }
    const exists = entry.Exists ?? true;
    if (exists && entry.Value === undefined) {
      throw invalidParameterValue(
        `Value must be provided when Exists is ${entry.Exists ?? 'null'} for Attribute: ${name}`,
      );
    }
    if (!exists && entry.Value !== undefined) {
      throw invalidParameterValue(`Value cannot be used when Exists is false for Attribute: ${name}`);
    }
    return exists ? conditionFor(name, 'EQ', [entry.Value as AttributeValue]) : conditionFor(name, 'NULL', []);
  });
  checkConditionalOperator(expected, operator);
  return combine(nodes, operator);
}

/** Every operand's nesting, before any entry is looked at: DynamoDB checks the values first. */
function checkOperandNesting(conditions: Readonly<Record<string, LegacyCondition>>): void {
  for (const name in conditions) {
    const values = conditions[name]?.AttributeValueList;
    if (Array.isArray(values)) for (const value of values) checkValueNesting(value);
  }
}

/** The legacy `QueryFilter` / `ScanFilter` (+ `ConditionalOperator`) as a condition AST. */
export function conditionFromFilter(
  filter: Readonly<Record<string, LegacyCondition>>,
  operator?: string,
): ConditionNode | undefined {
  checkOperandNesting(filter);
  const nodes = Object.entries(filter).map(([name, entry]) => {
    requireAttributeName(name);
    const operatorName = entry.ComparisonOperator ?? 'EQ';
    const values = entry.AttributeValueList ?? [];
    checkLegacyCondition(operatorName, values);
    return conditionFor(name, operatorName, values);
  });
  return combine(nodes, operator);
}

const KEY_OPERATORS: Readonly<Record<string, KeyTerm['operator']>> = {
  EQ: '=',
  LE: '<=',
  LT: '<',
  GE: '>=',
  GT: '>',
  BEGINS_WITH: 'BEGINS_WITH',
  BETWEEN: 'BETWEEN',
};

/** The legacy `KeyConditions` resolved against the key schema, like a KeyConditionExpression. */
export function keyConditionFromKeyConditions(
  conditions: Readonly<Record<string, LegacyCondition>>,
  keys: KeySchemaAttributes,
): KeyCondition {
  checkOperandNesting(conditions);
  const terms = Object.entries(conditions).map(([name, entry]): KeyTerm => {
    const operatorName = entry.ComparisonOperator ?? 'EQ';
    const values = entry.AttributeValueList ?? [];
    checkLegacyCondition(operatorName, values);
    const operator = KEY_OPERATORS[operatorName];
    if (operator === undefined) throw validationError('Attempted conditional constraint is not an indexable operation');
    return { attribute: name, operator, values };
  });
  if (terms.length === 0 || (terms.length > 2 && !hasMultiAttributeKey(keys)))
    throw validationError('Conditions can be of length 1 or 2 only');
  return keyConditionFromTerms(terms, keys);
}
