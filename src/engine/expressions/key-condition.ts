import type { ConditionNode, DocumentPath, Operand } from './ast.js';
import { checkCondition, prepareCondition } from './check-condition.js';
import type { ExpressionAttributes } from './expression-attributes.js';
import { invalidParameterValue, validationError } from '../errors.js';
import type { KeyAttribute, RangeRequest } from '../storage/storage.js';
import { typeOf, type AttributeValue } from '../values/attribute-value.js';

/**
 * The key attributes a Query runs on: the table's or the index's, in KeySchema order.
 * One partition and at most one sort attribute, except on a multi-attribute GSI.
 */
export interface KeySchemaAttributes {
  readonly partitionKeys: readonly KeyAttribute[];
  readonly sortKeys: readonly KeyAttribute[];
}

/** A key condition resolved to values, shaped as {@link RangeRequest} wants it. */
export interface KeyCondition {
  /** One value per partition attribute, in KeySchema order. */
  readonly partitionValues: readonly AttributeValue[];
  /** Multi-attribute sort keys: the values of the first sort attributes (each by `=`). */
  readonly sortPrefix?: readonly AttributeValue[];
  /** The condition on the sort attribute after `sortPrefix` (the only one on a single sort key). */
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
  return checkCondition(prepareCondition(text, 'KeyConditionExpression'), attributes);
}

/** Checks that a parsed key condition fits the key schema and resolves it. */
export function keyConditionFromNode(node: ConditionNode, keys: KeySchemaAttributes): KeyCondition {
  const terms: KeyTerm[] = [];
  collectTerms(node, terms);
  if (terms.length > 2 && !hasMultiAttributeKey(keys)) throw validationError('Conditions can be of length 1 or 2 only');
  return keyConditionFromTerms(terms, keys);
}

/** Whether the schema has more than one partition or more than one sort attribute (a multi-attribute GSI). */
export function hasMultiAttributeKey(keys: KeySchemaAttributes): boolean {
  return keys.partitionKeys.length > 1 || keys.sortKeys.length > 1;
}

/** Shared with the legacy `KeyConditions`: the schema checks on already separated terms. */
export function keyConditionFromTerms(terms: readonly KeyTerm[], keys: KeySchemaAttributes): KeyCondition {
  if (hasMultiAttributeKey(keys)) return multiAttributeKeyCondition(terms, keys);
  const partitionKey = keys.partitionKeys[0];
  const sortKey = keys.sortKeys[0] as KeyAttribute | undefined;
  const partitionTerm = terms.find((term) => term.attribute === partitionKey.name);
  if (partitionTerm === undefined) {
    throw validationError(`Query condition missed key schema element: ${partitionKey.name}`);
  }
  const sortTerm = terms.find((term) => term !== partitionTerm);
  if (sortTerm !== undefined && sortTerm.attribute !== sortKey?.name) {
    throw validationError(`Query condition missed key schema element: ${sortKey?.name ?? sortTerm.attribute}`);
  }
  if (partitionTerm.operator !== '=') throw validationError('Query key condition not supported');
  if (typeMismatch(partitionTerm, partitionKey.type) || (sortTerm && sortKey && typeMismatch(sortTerm, sortKey.type))) {
    throw invalidParameterValue('Condition parameter type does not match schema type');
  }
  rejectEmptyKeyValues(partitionTerm);
  if (sortTerm === undefined) return { partitionValues: partitionTerm.values };
  rejectEmptyKeyValues(sortTerm);
  return {
    partitionValues: partitionTerm.values,
    sortCondition: { operator: sortTerm.operator, values: sortTerm.values },
  };
}

/**
 * A key condition on a multi-attribute key: `=` on every partition attribute, then the
 * sort attributes left to right without a gap, `=` on all but the last one given, which
 * may also be a range or `begins_with`. The order of the terms in the text is free.
 */
function multiAttributeKeyCondition(terms: readonly KeyTerm[], keys: KeySchemaAttributes): KeyCondition {
  const termOf = (key: KeyAttribute) => terms.find((term) => term.attribute === key.name);
  // DynamoDB Local lists the partition attributes lacking an equality, missing and inequalities alike.
  const withoutEquality = keys.partitionKeys.filter((key) => termOf(key)?.operator !== '=');
  if (withoutEquality.length > 0) {
    throw validationError(
      `HASH key attributes ${withoutEquality.map((key) => key.name).join(', ')} must have equality conditions specified in the query`,
    );
  }
  const stray = terms.find(
    (term) =>
      !keys.partitionKeys.some((key) => key.name === term.attribute) &&
      !keys.sortKeys.some((key) => key.name === term.attribute),
  );
  if (stray !== undefined) {
    const unconstrained = keys.sortKeys.find((key) => termOf(key) === undefined);
    throw validationError(`Query condition missed key schema element: ${unconstrained?.name ?? stray.attribute}`);
  }
  const sortTerms = keys.sortKeys.map(termOf);
  const last = sortTerms.reduce((found, term, position) => (term ? position : found), -1);
  // A gap before the last constrained sort attribute, or a range before it: DynamoDB
  // answers the gap with its generic message (Developer Guide, multi-attribute keys).
  for (let position = 0; position < last; position++) {
    if (sortTerms[position]?.operator !== '=') throw validationError('Query key condition not supported');
  }
  const partitionTerms = keys.partitionKeys.map((key) => termOf(key) as KeyTerm);
  const constrained = [...partitionTerms, ...(sortTerms.slice(0, last + 1) as KeyTerm[])];
  const schema = [...keys.partitionKeys, ...keys.sortKeys];
  if (constrained.some((term, position) => typeMismatch(term, schema[position].type))) {
    throw invalidParameterValue('Condition parameter type does not match schema type');
  }
  for (const term of constrained) rejectEmptyKeyValues(term);
  const partitionValues = partitionTerms.map((term) => term.values[0]);
  if (last < 0) return { partitionValues, sortPrefix: [] };
  const condition = sortTerms[last] as KeyTerm;
  return {
    partitionValues,
    sortPrefix: (sortTerms.slice(0, last) as KeyTerm[]).map((term) => term.values[0]),
    sortCondition: { operator: condition.operator, values: condition.values },
  };
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
  return validationError(
    `Invalid condition in KeyConditionExpression: ${operator} operator must have the key attribute as its first operand`,
  );
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
  if (pathCount > 1)
    throw validationError(
      'Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition',
    );
  if (path === undefined)
    throw validationError('Invalid condition in KeyConditionExpression: No key attribute specified');
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
