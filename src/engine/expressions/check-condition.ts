import type { Comparator, ConditionFunctionName, ConditionNode, DocumentPath, Operand } from './ast.js';
import type { ExpressionAttributes } from './expression-attributes.js';
import { parseSyntax } from './parse-expression.js';
import { betweenBoundsReversed } from '../errors.js';
import { formatPathForMessage, invalidExpression, type ExpressionKind } from './expression-errors.js';
import { CONDITION_FUNCTIONS, checkConditionStructure } from './check-structure.js';
import { checkOperatorCount, conditionOperatorCount } from './operator-limit.js';
import { resolvePath, resolveValue, samePath } from './syntax-checks.js';
import type { SyntaxCall, SyntaxCondition, SyntaxOperand } from './syntax-tree.js';
import { typeOf, type AttributeTypeName, type AttributeValue } from '../values/attribute-value.js';
import { compareValues } from '../values/index.js';

/**
 * How DynamoDB spells the type of a path operand where a value is required: the set of
 * every type its parser knows, in the order it prints them.
 */
const ANY_OPERAND_TYPE =
  '{L,S,SS,BOOL,M,FLOAT,BS,NULL,DOUBLE,FS,DECIMALSET,N,NS,B,DECIMAL,HDS,DICT,DOUBLESET,HD,INTSET,INT}';

const ATTRIBUTE_TYPE_NAMES: ReadonlySet<string> = new Set(['N', 'BS', 'L', 'B', 'NULL', 'M', 'S', 'SS', 'NS', 'BOOL']);
const MAX_IN_OPERANDS = 100;
/** Operand types allowed by ordering comparisons and BETWEEN; by begins_with. Constants: checks run on every request. */
const ORDERED_TYPES: readonly AttributeTypeName[] = ['S', 'N', 'B'];
const PREFIX_TYPES: readonly AttributeTypeName[] = ['S', 'B'];

/** The request members whose text is a condition. */
export type ConditionKind = 'ConditionExpression' | 'FilterExpression' | 'KeyConditionExpression';

/**
 * A condition parsed and put through the checks that depend on its text alone: the syntax
 * (empty, too long, syntax errors, redundant parentheses) and the structure pass
 * (functions, reserved words, path limits). What is left depends on the request's names
 * and values ({@link checkCondition}).
 */
export interface PreparedCondition {
  readonly kind: ConditionKind;
  readonly syntax: SyntaxCondition;
  /**
   * Whether a check of this condition counted its operators within the limit: the count
   * depends on the text alone, so later checks skip it (the one fact a check adds).
   */
  operatorCountChecked: boolean;
}

/** Parses a condition of `kind` and runs its text-only checks, in DynamoDB's order. */
export function prepareCondition(text: string, kind: ConditionKind): PreparedCondition {
  const syntax = parseSyntax(kind, text, (parser) => parser.parseConditionExpression());
  checkConditionStructure(kind, syntax);
  return { kind, syntax, operatorCountChecked: false };
}

/**
 * The condition's tree for this request's names and values, checking node by node in
 * source order (undefined names and values, operand counts, distinct operands, operand
 * types), then the operator count.
 */
export function checkCondition(prepared: PreparedCondition, attributes: ExpressionAttributes): ConditionNode {
  const condition = new ConditionChecker(prepared.kind, attributes).condition(prepared.syntax);
  // DynamoDB counts operators only once everything else about the expression is valid.
  if (!prepared.operatorCountChecked) {
    checkOperatorCount(prepared.kind, conditionOperatorCount(condition));
    prepared.operatorCountChecked = true;
  }
  return condition;
}

class ConditionChecker {
  constructor(
    private readonly kind: ExpressionKind,
    private readonly attributes: ExpressionAttributes,
  ) {}

  condition(node: SyntaxCondition): ConditionNode {
    switch (node.kind) {
      case 'and':
      case 'or':
        return { kind: node.kind, left: this.condition(node.left), right: this.condition(node.right) };
      case 'not':
        return { kind: 'not', operand: this.condition(node.operand) };
      case 'compare': {
        const left = this.operand(node.left);
        const right = this.operand(node.right);
        const comparator = node.comparator as Comparator;
        this.checkDistinctPair(comparator, left, right);
        if (comparator !== '=' && comparator !== '<>') {
          this.checkOperandType(comparator, left, ORDERED_TYPES);
          this.checkOperandType(comparator, right, ORDERED_TYPES);
        }
        return { kind: 'compare', comparator, left, right };
      }
      case 'between': {
        const operand = this.operand(node.operand);
        const lower = this.operand(node.lower);
        const upper = this.operand(node.upper);
        if (isSamePath(operand, lower) || isSamePath(operand, upper)) throw this.notDistinctError('BETWEEN', operand);
        this.checkOperandType('BETWEEN', operand, ORDERED_TYPES);
        this.checkOperandType('BETWEEN', lower, ORDERED_TYPES);
        this.checkOperandType('BETWEEN', upper, ORDERED_TYPES);
        if (lower.kind === 'value' && upper.kind === 'value') {
          this.checkBounds(
            lower.value,
            upper.value,
            this.asSent(node.lower, lower.value),
            this.asSent(node.upper, upper.value),
          );
        }
        return { kind: 'between', operand, lower, upper };
      }
      case 'in': {
        if (node.candidates.length > MAX_IN_OPERANDS) {
          throw this.error(
            `The IN operator is provided with too many operands; number of operands: ${node.candidates.length}`,
          );
        }
        const operand = this.operand(node.operand);
        const candidates = node.candidates.map((candidate) => this.operand(candidate));
        this.checkDistinct('IN', operand, candidates);
        return { kind: 'in', operand, candidates };
      }
      case 'function':
        return this.functionCondition(node.call);
    }
  }

  private functionCondition(call: SyntaxCall): ConditionNode {
    const name = call.name.text as ConditionFunctionName;
    const args = call.args.map((arg) => this.operand(arg));
    this.checkOperandCount(name, args.length);
    if (args.length === 2) this.checkDistinctPair(name, args[0], args[1]);
    switch (name) {
      case 'attribute_exists':
      case 'attribute_not_exists':
        this.requirePath(name, args[0]);
        break;
      case 'attribute_type': {
        // The first operand may be anything (a value, size(...)); the type name must be a value.
        const typeName = args[1];
        if (typeName.kind === 'size') throw this.operandTypeError(name, 'N');
        // A path's type is unknown until evaluation: DynamoDB names every type it might have.
        if (typeName.kind === 'path') throw this.operandTypeError(name, ANY_OPERAND_TYPE);
        if (typeName.kind === 'value') {
          const type = typeOf(typeName.value);
          if (type !== 'S') throw this.operandTypeError(name, type);
          const text = (typeName.value as { S: string }).S;
          if (!ATTRIBUTE_TYPE_NAMES.has(text)) {
            throw this.error(
              `Invalid attribute type name found; type: ${text}, valid types: {N,BS,L,B,NULL,M,S,SS,NS,BOOL}`,
            );
          }
        }
        break;
      }
      case 'begins_with':
        for (const arg of args) this.checkOperandType(name, arg, PREFIX_TYPES);
        break;
      case 'contains':
        break;
    }
    return { kind: 'function', name, args };
  }

  private operand(operand: SyntaxOperand): Operand {
    switch (operand.kind) {
      case 'path':
        return { kind: 'path', path: resolvePath(this.kind, operand, this.attributes) };
      case 'value':
        return { kind: 'value', value: resolveValue(this.kind, operand, this.attributes) };
      case 'call': {
        // Only `size` gets here: other functions as operands were rejected before.
        const args = operand.args.map((arg) => this.operand(arg));
        this.checkOperandCount('size', args.length);
        const inner = args[0];
        const innerType = inner.kind === 'size' ? 'N' : inner.kind === 'value' ? typeOf(inner.value) : undefined;
        if (innerType === 'N' || innerType === 'BOOL' || innerType === 'NULL')
          throw this.operandTypeError('size', innerType);
        return { kind: 'size', operand: inner };
      }
    }
  }

  private checkOperandCount(name: string, count: number): void {
    if (CONDITION_FUNCTIONS[name] !== count) {
      throw this.error(
        `Incorrect number of operands for operator or function; operator or function: ${name}, number of operands: ${count}`,
      );
    }
  }

  private checkDistinct(operator: string, first: Operand, rest: readonly Operand[]): void {
    for (const other of rest) if (isSamePath(first, other)) throw this.notDistinctError(operator, first);
  }

  private checkDistinctPair(operator: string, first: Operand, second: Operand): void {
    if (isSamePath(first, second)) throw this.notDistinctError(operator, first);
  }

  private notDistinctError(operator: string, first: Operand) {
    const firstPath: DocumentPath = first.kind === 'path' ? first.path : [];
    return this.error(
      `The first operand must be distinct from the remaining operands for this operator or function; operator: ${operator}, first operand: ${formatPathForMessage(firstPath)}`,
    );
  }

  private checkOperandType(operator: string, operand: Operand, allowed: readonly AttributeTypeName[]): void {
    const type = operand.kind === 'value' ? typeOf(operand.value) : operand.kind === 'size' ? 'N' : undefined;
    if (type !== undefined && !allowed.includes(type)) throw this.operandTypeError(operator, type);
  }

  /** A value operand as the request spelled it (DynamoDB quotes `{N:1e1}`, not the canonical `{N:10}`). */
  private asSent(syntax: SyntaxOperand, resolved: AttributeValue): AttributeValue {
    return (syntax.kind === 'value' && this.attributes.valueAsSent(syntax.token.text)) || resolved;
  }

  private checkBounds(
    lower: AttributeValue,
    upper: AttributeValue,
    lowerAsSent: AttributeValue,
    upperAsSent: AttributeValue,
  ): void {
    const lowerType = typeOf(lower);
    const upperType = typeOf(upper);
    const bounds = `lower bound operand: AttributeValue: {${lowerType}:${boundText(lowerAsSent)}}, upper bound operand: AttributeValue: {${upperType}:${boundText(upperAsSent)}}`;
    if (lowerType !== upperType) {
      throw this.error(`The BETWEEN operator requires same data type for lower and upper bounds; ${bounds}`);
    }
    if (compareValues(lower, upper) > 0) {
      throw betweenBoundsReversed(this.kind, bounds);
    }
  }

  private requirePath(name: string, operand: Operand): void {
    if (operand.kind !== 'path')
      throw this.error(`Operator or function requires a document path; operator or function: ${name}`);
  }

  private operandTypeError(name: string, type: string) {
    return this.error(
      `Incorrect operand type for operator or function; operator or function: ${name}, operand type: ${type}`,
    );
  }

  private error(detail: string) {
    return invalidExpression(this.kind, detail);
  }
}

/** Whether both operands are paths, and the same path. */
function isSamePath(first: Operand, other: Operand): boolean {
  return first.kind === 'path' && other.kind === 'path' && samePath(other.path, first.path);
}

/** `{N:5}` in BETWEEN messages shows the scalar as sent. */
/**
 * A BETWEEN bound as DynamoDB Local quotes it: a binary prints as the Java `ByteBuffer`
 * that holds it (`java.nio.HeapByteBuffer[pos=0 lim=2 cap=2]` for two bytes), not its bytes.
 */
function boundText(value: AttributeValue): string {
  if ('B' in value && typeof value.B === 'string') {
    const length = Buffer.from(value.B, 'base64').length;
    return `java.nio.HeapByteBuffer[pos=0 lim=${length} cap=${length}]`;
  }
  return scalarText(value);
}

export function scalarText(value: AttributeValue): string {
  const inner = Object.values(value)[0] as unknown;
  return typeof inner === 'string' ? inner : JSON.stringify(inner);
}
