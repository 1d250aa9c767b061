import type { ConditionNode, DocumentPath, Operand } from './ast.js';
import { checkCondition } from './check-condition.js';
import type { ExpressionAttributes } from './expression-attributes.js';
import { parseSyntax } from './parse-expression.js';
import { invalidParameterValue, validationError } from '../errors.js';
import type { KeyAttribute, RangeRequest } from '../storage/storage.js';
import { typeOf, type AttributeValue } from '../values/attribute-value.js';

/** The key attributes a Query runs on: the table's or the index's. */
export interface KeySchemaAttributes {
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
}

/** A key condition resolved to values, shaped as {@link RangeRequest} wants it. */
export interface KeyCondition {
  readonly partitionValue: AttributeValue;
  readonly sortCondition?: RangeRequest['sortCondition'];
}

type SortOperator = NonNullable<RangeRequest['sortCondition']>['operator'];

/** One `attribute <op> values` term of a key condition. */
export interface KeyTerm {
  readonly attribute: string;
  readonly operator: SortOperator;
  readonly values: readonly AttributeValue[];
}

/** `:v < sk` means `sk > :v`. */
const MIRRORED: Readonly<Record<string, SortOperator>> = { '=': '=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/**
 * Parses a KeyConditionExpression and resolves it against the key schema, with DynamoDB's
 * messages (`Query condition missed key schema element: pk`, …). Equivalent to
 * {@link parseKeyConditionSyntax} followed by {@link keyConditionFromNode}; call those two
 * separately to reject unused substitutions in between, as DynamoDB orders its checks.
 */
export function parseKeyConditionExpression(
  text: string,
  attributes: ExpressionAttributes,
  keys: KeySchemaAttributes,
): KeyCondition {
  return keyConditionFromNode(parseKeyConditionSyntax(text, attributes), keys);
}

/** The parse and the generic condition checks of a KeyConditionExpression (`Invalid KeyConditionExpression: …`). */
export function parseKeyConditionSyntax(text: string, attributes: ExpressionAttributes): ConditionNode {
  const kind = 'KeyConditionExpression';
  const syntax = parseSyntax(kind, text, (parser) => parser.parseConditionExpression());
  return checkCondition(kind, syntax, attributes);
}

/** Checks that a parsed key condition fits the key schema and resolves it. */
export function keyConditionFromNode(node: ConditionNode, keys: KeySchemaAttributes): KeyCondition {
  const terms: KeyTerm[] = [];
  collectTerms(node, terms);
  if (terms.length > 2) throw validationError('Conditions can be of length 1 or 2 only');
  return keyConditionFromTerms(terms, keys);
}

/** Shared with the legacy `KeyConditions`: the schema checks on already separated terms. */
export function keyConditionFromTerms(terms: readonly KeyTerm[], keys: KeySchemaAttributes): KeyCondition {
  const partitionTerm = terms.find((term) => term.attribute === keys.partitionKey.name);
  if (partitionTerm === undefined) {
    throw validationError(`Query condition missed key schema element: ${keys.partitionKey.name}`);
  }
  const sortTerm = terms.find((term) => term !== partitionTerm);
  if (sortTerm !== undefined && sortTerm.attribute !== keys.sortKey?.name) {
    throw validationError(`Query condition missed key schema element: ${keys.sortKey?.name ?? sortTerm.attribute}`);
  }
  if (partitionTerm.operator !== '=') throw validationError('Query key condition not supported');
  if (
    typeMismatch(partitionTerm, keys.partitionKey.type) ||
    (sortTerm && keys.sortKey && typeMismatch(sortTerm, keys.sortKey.type))
  ) {
    throw invalidParameterValue('Condition parameter type does not match schema type');
  }
  rejectEmptyKeyValues(partitionTerm);
  if (sortTerm === undefined) return { partitionValue: partitionTerm.values[0] };
  rejectEmptyKeyValues(sortTerm);
  return { partitionValue: partitionTerm.values[0], sortCondition: { operator: sortTerm.operator, values: sortTerm.values } };
}

/** Whether a value of the term is not of the key's type. */
function typeMismatch(term: KeyTerm, type: string): boolean {
  return term.values.some((value) => typeOf(value) !== type);
}

/** Key values are never empty, not even as the bound of a key condition. */
function rejectEmptyKeyValues(term: KeyTerm): void {
  for (const value of term.values) {
    const what = 'S' in value && value.S === '' ? 'string' : 'B' in value && value.B === '' ? 'binary' : undefined;
    if (what) {
      throw validationError(
        `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty ${what} value. Key: ${term.attribute}`,
      );
    }
  }
}

function invalidOperator(name: string) {
  return validationError(`Invalid operator used in KeyConditionExpression: ${name}`);
}

function collectTerms(node: ConditionNode, terms: KeyTerm[]): void {
  switch (node.kind) {
    case 'and':
      collectTerms(node.left, terms);
      collectTerms(node.right, terms);
      return;
    case 'or':
      throw invalidOperator('OR');
    case 'not':
      throw invalidOperator('NOT');
    case 'in':
      throw invalidOperator('IN');
    case 'compare': {
      if (node.comparator === '<>') throw invalidOperator('<>');
      const attribute = keyAttributeOf([node.left, node.right]);
      const mirrored = node.left.kind !== 'path';
      const operator = mirrored ? MIRRORED[node.comparator] : (node.comparator as SortOperator);
      addTerm(terms, { attribute, operator, values: [valueOf(mirrored ? node.left : node.right)] });
      return;
    }
    case 'between': {
      const attribute = keyAttributeOf([node.operand, node.lower, node.upper]);
      if (node.operand.kind !== 'path') throw firstOperandError('BETWEEN');
      addTerm(terms, { attribute, operator: 'BETWEEN', values: [valueOf(node.lower), valueOf(node.upper)] });
      return;
    }
    case 'function': {
      if (node.name !== 'begins_with') throw invalidOperator(node.name);
      const attribute = keyAttributeOf(node.args);
      if (node.args[0].kind !== 'path') throw firstOperandError('begins_with');
      addTerm(terms, { attribute, operator: 'BEGINS_WITH', values: [valueOf(node.args[1])] });
    }
  }
}

function firstOperandError(operator: string) {
  return validationError(`Invalid condition in KeyConditionExpression: ${operator} operator must have the key attribute as its first operand`);
}

/** The one attribute a term is about; no nesting, no second attribute, no functions. */
function keyAttributeOf(operands: readonly Operand[]): string {
  // Loops rather than some/flatMap: this runs for every term of every Query.
  let path: DocumentPath | undefined;
  let pathCount = 0;
  for (const operand of operands) {
    if (operand.kind === 'size') throw validationError('KeyConditionExpressions cannot contain nested operations');
  }
  for (const operand of operands) {
    if (operand.kind !== 'path') continue;
    pathCount++;
    path ??= operand.path;
  }
  if (pathCount > 1) throw validationError('Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition');
  if (path === undefined) throw validationError('Invalid condition in KeyConditionExpression: No key attribute specified');
  if (path.length > 1) {
    throw validationError(
      `Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: ${String(path[0])}`,
    );
  }
  return path[0] as string;
}

function valueOf(operand: Operand): AttributeValue {
  // keyAttributeOf has made sure the other operands are values.
  return (operand as { value: AttributeValue }).value;
}

function addTerm(terms: KeyTerm[], term: KeyTerm): void {
  if (terms.some((existing) => existing.attribute === term.attribute)) {
    throw validationError('KeyConditionExpressions must only contain one condition per key');
  }
  terms.push(term);
}
