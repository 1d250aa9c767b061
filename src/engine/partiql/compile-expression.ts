import type { AttributeValue } from '../values/attribute-value.js';
import type { Expression, PathExpression } from './ast.js';
import { unsupported } from './errors.js';
import { isValueExpression, valueOf } from './literal-values.js';

/**
 * The names and values a compiled expression refers to, as `ExpressionAttributeNames` and
 * `ExpressionAttributeValues` of the equivalent item operation. One per compiled request,
 * shared by its key condition, filter, condition and update expressions.
 */
export class ExpressionParameters {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, AttributeValue> = {};
  private readonly placeholders = new Map<string, string>();
  private valueCount = 0;

  constructor(readonly parameters: readonly AttributeValue[]) {}

  name(name: string): string {
    let placeholder = this.placeholders.get(name);
    if (placeholder === undefined) {
      placeholder = `#${this.placeholders.size}`;
      this.placeholders.set(name, placeholder);
      this.names[placeholder] = name;
    }
    return placeholder;
  }

  value(value: AttributeValue): string {
    const placeholder = `:${this.valueCount++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** The members to add to the request: none when nothing was referred to. */
  requestMembers(): Record<string, unknown> {
    const members: Record<string, unknown> = {};
    if (this.placeholders.size > 0) members.ExpressionAttributeNames = this.names;
    if (this.valueCount > 0) members.ExpressionAttributeValues = this.values;
    return members;
  }
}

/** `a.b[0]` as a document path of placeholders: `#0.#1[0]`. */
export function compilePath(path: PathExpression, parameters: ExpressionParameters): string {
  let text = parameters.name(path.name);
  for (const step of path.steps) text += typeof step === 'number' ? `[${step}]` : `.${parameters.name(step)}`;
  return text;
}

const IS_TYPES: Readonly<Record<string, string>> = {
  BOOLEAN: 'BOOL',
  BLOB: 'B',
  STRING: 'S',
  NUMERIC: 'N',
  STRUCT: 'M',
  TUPLE: 'M',
  LIST: 'L',
  NULL: 'NULL',
};
const IS_TYPE_NAMES = '[MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]';

/** Functions a WHERE may call, with their arity, as the condition-expression language spells them. */
const CONDITION_FUNCTIONS: Readonly<Record<string, number>> = {
  begins_with: 2,
  contains: 2,
  attribute_type: 2,
  size: 1,
  attribute_exists: 1,
  attribute_not_exists: 1,
};

/**
 * A PartiQL WHERE condition as a condition expression of the engine's own language, so the
 * engine's one evaluator decides it (and DynamoDB's condition rules apply unchanged).
 *
 * @example
 * // `n > 5 AND attr IS MISSING` → `(#0 > :0) AND (attribute_not_exists(#1))`
 */
export function compileCondition(expression: Expression, parameters: ExpressionParameters): string {
  switch (expression.kind) {
    case 'binary':
      if (expression.operator === 'AND' || expression.operator === 'OR') {
        return `(${compileCondition(expression.left, parameters)}) ${expression.operator} (${compileCondition(expression.right, parameters)})`;
      }
      if (expression.operator === '+' || expression.operator === '-') {
        throw unsupported(`Unsupported operator in Condition Expression. Operator: ${expression.operator}`);
      }
      return `${compileOperand(expression.left, parameters)} ${expression.operator} ${compileOperand(expression.right, parameters)}`;
    case 'not':
      return `NOT (${compileCondition(expression.operand, parameters)})`;
    case 'between':
      return `${compileOperand(expression.operand, parameters)} BETWEEN ${compileOperand(expression.low, parameters)} AND ${compileOperand(expression.high, parameters)}`;
    case 'in':
      if (expression.operand.kind !== 'path' || expression.candidates.length === 0) {
        throw unsupported(
          'IN operator must have a left hand argument of type Variable Reference and right hand argument of type Seq with at least one member',
        );
      }
      return `${compileOperand(expression.operand, parameters)} IN (${expression.candidates.map((candidate) => compileOperand(candidate, parameters)).join(', ')})`;
    case 'is':
      return compileIs(expression.operand, expression.type, expression.negated, parameters);
    case 'call':
      if (CONDITION_FUNCTIONS[expression.name] === undefined || expression.name === 'size') {
        if (expression.name === 'size')
          throw unsupported('WHERE clause must contain an expression that resolves to a boolean');
        throw unsupported(`Unrecognized function: ${expression.name}`);
      }
      return compileCall(expression.name, expression.args, parameters);
    case 'exists':
      throw unsupported('EXISTS can only be used in ExecuteTransaction write requests.');
    default:
      throw unsupported('WHERE clause must contain an expression that resolves to a boolean');
  }
}

function compileIs(operand: Expression, type: string, negated: boolean, parameters: ExpressionParameters): string {
  if (operand.kind !== 'path') throw unsupported('Unsupported operator in Condition Expression. Operator: IS');
  const path = compilePath(operand, parameters);
  if (type === 'MISSING') return negated ? `attribute_exists(${path})` : `attribute_not_exists(${path})`;
  const code = IS_TYPES[type];
  if (code === undefined)
    throw unsupported(`Unsupported data type for IS operator: ${type}. Supported data types are ${IS_TYPE_NAMES}`);
  const test = `attribute_type(${path}, ${parameters.value({ S: code })})`;
  return negated ? `NOT ${test}` : test;
}

function compileCall(name: string, args: readonly Expression[], parameters: ExpressionParameters): string {
  if (args.length !== CONDITION_FUNCTIONS[name])
    throw unsupported(`Incorrect number of arguments for function: ${name}`);
  return `${name}(${args.map((arg) => compileOperand(arg, parameters)).join(', ')})`;
}

/** A comparison operand: a path, a value (placeholder) or `size(path)`. */
export function compileOperand(expression: Expression, parameters: ExpressionParameters): string {
  if (expression.kind === 'path') return compilePath(expression, parameters);
  if (isValueExpression(expression)) return parameters.value(valueOf(expression, parameters.parameters));
  if (expression.kind === 'call' && expression.name === 'size') return compileCall('size', expression.args, parameters);
  if (expression.kind === 'binary' && (expression.operator === '+' || expression.operator === '-')) {
    throw unsupported(`Unsupported operator in Condition Expression. Operator: ${expression.operator}`);
  }
  if (expression.kind === 'call' && CONDITION_FUNCTIONS[expression.name] === undefined)
    throw unsupported(`Unrecognized function: ${expression.name}`);
  throw unsupported(`Unsupported operator in Condition Expression. Operator: ${expression.kind.toUpperCase()}`);
}
