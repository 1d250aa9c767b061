import type { ConditionNode, Operand, UpdateAction, UpdateValue } from './ast.js';
import type { SyntaxCondition, SyntaxOperand, SyntaxSetValue, SyntaxUpdateAction } from './syntax-tree.js';
import type { AttributeValue } from '../values/attribute-value.js';

/**
 * An expression checked once serves as a template for the next requests that send the same
 * text with the same names and the same value types (see `checked-write-expressions.ts`):
 * its AST is rebuilt with the new request's values, walking the syntax tree and the template
 * side by side. Nodes without values (paths, `attribute_exists(pk)`) are shared with the
 * template, which is safe because ASTs are never modified.
 */

/** The validated values of the request being served. */
export interface RequestValues {
  /** The value behind `:token`, one of the tokens the template's checks resolved. */
  valueOf(token: string): AttributeValue;
}

/**
 * Whether the checks of this condition depend on value types only (never on the values
 * themselves), so that a template checked once holds for any values of the same types.
 * Two checks read values: BETWEEN compares two value bounds, attribute_type reads its
 * type name.
 */
export function conditionChecksReadTypesOnly(node: SyntaxCondition): boolean {
  switch (node.kind) {
    case 'and':
    case 'or':
      return conditionChecksReadTypesOnly(node.left) && conditionChecksReadTypesOnly(node.right);
    case 'not':
      return conditionChecksReadTypesOnly(node.operand);
    case 'between':
      return !(node.lower.kind === 'value' && node.upper.kind === 'value');
    case 'function':
      return node.call.name.text !== 'attribute_type';
    case 'compare':
    case 'in':
      return true;
  }
}

/** The template condition with the values of this request. */
export function instantiateCondition(
  syntax: SyntaxCondition,
  template: ConditionNode,
  values: RequestValues,
): ConditionNode {
  switch (syntax.kind) {
    case 'and':
    case 'or': {
      const shape = template as ConditionNode & { kind: 'and' | 'or' };
      const left = instantiateCondition(syntax.left, shape.left, values);
      const right = instantiateCondition(syntax.right, shape.right, values);
      return left === shape.left && right === shape.right ? template : { kind: shape.kind, left, right };
    }
    case 'not': {
      const shape = template as ConditionNode & { kind: 'not' };
      const operand = instantiateCondition(syntax.operand, shape.operand, values);
      return operand === shape.operand ? template : { kind: 'not', operand };
    }
    case 'compare': {
      const shape = template as ConditionNode & { kind: 'compare' };
      const left = instantiateOperand(syntax.left, shape.left, values);
      const right = instantiateOperand(syntax.right, shape.right, values);
      return left === shape.left && right === shape.right
        ? template
        : { kind: 'compare', comparator: shape.comparator, left, right };
    }
    case 'between': {
      const shape = template as ConditionNode & { kind: 'between' };
      const operand = instantiateOperand(syntax.operand, shape.operand, values);
      const lower = instantiateOperand(syntax.lower, shape.lower, values);
      const upper = instantiateOperand(syntax.upper, shape.upper, values);
      return operand === shape.operand && lower === shape.lower && upper === shape.upper
        ? template
        : { kind: 'between', operand, lower, upper };
    }
    case 'in': {
      const shape = template as ConditionNode & { kind: 'in' };
      const operand = instantiateOperand(syntax.operand, shape.operand, values);
      const candidates = instantiateOperands(syntax.candidates, shape.candidates, values);
      return operand === shape.operand && candidates === shape.candidates
        ? template
        : { kind: 'in', operand, candidates };
    }
    case 'function': {
      const shape = template as ConditionNode & { kind: 'function' };
      const args = instantiateOperands(syntax.call.args, shape.args, values);
      return args === shape.args ? template : { kind: 'function', name: shape.name, args };
    }
  }
}

/** The operands with this request's values; the template's own list when none holds a value. */
function instantiateOperands(
  syntax: readonly SyntaxOperand[],
  template: readonly Operand[],
  values: RequestValues,
): readonly Operand[] {
  return instantiateEach(syntax, template, values, instantiateOperand);
}

/**
 * `template` with each entry instantiated from the same position of `syntax`; the template's
 * own list when no entry changed. `instantiate` is a module function, not a closure over
 * `values`, so a request allocates nothing here unless a value goes in.
 */
function instantiateEach<Syntax, Node>(
  syntax: readonly Syntax[],
  template: readonly Node[],
  values: RequestValues,
  instantiate: (syntax: Syntax, template: Node, values: RequestValues) => Node,
): readonly Node[] {
  let result: Node[] | undefined;
  for (let index = 0; index < syntax.length; index++) {
    const node = instantiate(syntax[index], template[index], values);
    if (result === undefined && node !== template[index]) result = copyOfFirst(template, index);
    if (result !== undefined) result[index] = node;
  }
  return result ?? template;
}

/** A path operand is the template's own; a value placeholder becomes this request's value. */
function instantiateLeaf<Node extends Operand | UpdateValue>(
  syntax: SyntaxOperand & { kind: 'path' | 'value' },
  template: Node,
  values: RequestValues,
): Node | { kind: 'value'; value: AttributeValue } {
  return syntax.kind === 'path' ? template : { kind: 'value', value: values.valueOf(syntax.token.text) };
}

function instantiateOperand(syntax: SyntaxOperand, template: Operand, values: RequestValues): Operand {
  switch (syntax.kind) {
    case 'path':
    case 'value':
      return instantiateLeaf(syntax, template, values);
    case 'call': {
      // Only size(...) is an operand of a condition.
      const shape = template as Operand & { kind: 'size' };
      const operand = instantiateOperand(syntax.args[0], shape.operand, values);
      return operand === shape.operand ? template : { kind: 'size', operand };
    }
  }
}

/** The template update's actions (in the order of `syntax`, the clauses' actions) with this request's values. */
export function instantiateUpdateActions(
  syntax: readonly SyntaxUpdateAction[],
  template: readonly UpdateAction[],
  values: RequestValues,
): readonly UpdateAction[] {
  return instantiateEach(syntax, template, values, instantiateAction);
}

/**
 * A list as long as `template` holding its first `count` entries, the rest to be filled in:
 * sized once, where `slice` and `push` would grow a backing store with room for 17.
 */
function copyOfFirst<T>(template: readonly T[], count: number): T[] {
  const copy: T[] = new Array(template.length);
  for (let index = 0; index < count; index++) copy[index] = template[index];
  return copy;
}

function instantiateAction(syntax: SyntaxUpdateAction, template: UpdateAction, values: RequestValues): UpdateAction {
  switch (syntax.kind) {
    case 'remove':
      return template;
    case 'add':
    case 'delete':
      return { kind: syntax.kind, path: template.path, value: values.valueOf(syntax.value.token.text) };
    case 'set': {
      const shape = template as UpdateAction & { kind: 'set' };
      const value = instantiateSetValue(syntax.value, shape.value, values);
      return value === shape.value ? template : { kind: 'set', path: shape.path, value };
    }
  }
}

function instantiateSetValue(syntax: SyntaxSetValue, template: UpdateValue, values: RequestValues): UpdateValue {
  if (syntax.kind !== 'arithmetic') return instantiateUpdateOperand(syntax, template, values);
  const shape = template as UpdateValue & { kind: 'plus' | 'minus' };
  const left = instantiateUpdateOperand(syntax.left, shape.left, values);
  const right = instantiateUpdateOperand(syntax.right, shape.right, values);
  return left === shape.left && right === shape.right ? template : { kind: shape.kind, left, right };
}

function instantiateUpdateOperand(syntax: SyntaxOperand, template: UpdateValue, values: RequestValues): UpdateValue {
  switch (syntax.kind) {
    case 'path':
    case 'value':
      return instantiateLeaf(syntax, template, values);
    case 'call': {
      if (template.kind === 'if_not_exists') {
        const fallback = instantiateUpdateOperand(syntax.args[1], template.fallback, values);
        return fallback === template.fallback ? template : { kind: 'if_not_exists', path: template.path, fallback };
      }
      const shape = template as UpdateValue & { kind: 'list_append' };
      const first = instantiateUpdateOperand(syntax.args[0], shape.first, values);
      const second = instantiateUpdateOperand(syntax.args[1], shape.second, values);
      return first === shape.first && second === shape.second ? template : { kind: 'list_append', first, second };
    }
  }
}
