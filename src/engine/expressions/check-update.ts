import type { DocumentPath, UpdateAction, UpdateNode, UpdateValue } from './ast.js';
import type { ExpressionAttributes } from './expression-attributes.js';
import { parseSyntax } from './parse-expression.js';
import { invalidExpression, type ExpressionKind } from './expression-errors.js';
import { checkOperatorCount } from './operator-limit.js';
import { checkPathsDisjoint } from './path-overlap.js';
import { UPDATE_FUNCTIONS, checkUpdateStructure } from './check-structure.js';
import { callsOf, resolvePath, resolveValue } from './syntax-checks.js';
import type { SyntaxOperand, SyntaxSetValue, SyntaxUpdateAction } from './syntax-tree.js';
import { typeOf, type AttributeTypeName } from '../values/attribute-value.js';

const KIND: ExpressionKind = 'UpdateExpression';

/** DynamoDB's type names in ADD/DELETE operand messages. */
const LONG_TYPE_NAMES: Readonly<Partial<Record<AttributeTypeName, string>>> = {
  S: 'STRING',
  N: 'NUMBER',
  B: 'BINARY',
  BOOL: 'BOOLEAN',
  NULL: 'NULL',
  L: 'LIST',
  M: 'MAP',
};

/** Operand types ADD and DELETE take (constants: checked on every request). */
const ADD_TYPES: readonly AttributeTypeName[] = ['N', 'SS', 'NS', 'BS'];
const DELETE_TYPES: readonly AttributeTypeName[] = ['SS', 'NS', 'BS'];

function setValueOperands(value: SyntaxSetValue): SyntaxOperand[] {
  return value.kind === 'arithmetic' ? [value.left, value.right] : [value];
}

/**
 * An UpdateExpression parsed and put through the checks that depend on its text alone:
 * the syntax, the structure pass (functions, reserved words, repeated clauses) and the
 * operator count. Its actions in source order, clause by clause.
 */
export interface PreparedUpdate {
  readonly actions: readonly SyntaxUpdateAction[];
}

/** Parses an UpdateExpression and runs its text-only checks, in DynamoDB's order. */
export function prepareUpdate(text: string): PreparedUpdate {
  const clauses = parseSyntax(KIND, text, (parser) => parser.parseUpdateExpression());
  checkUpdateStructure(clauses);
  const actions = clauses.flatMap((clause) => clause.actions);
  const setValues = actions.flatMap((action) => (action.kind === 'set' ? [action.value] : []));
  const calls = setValues.flatMap(setValueOperands).flatMap(callsOf);
  const operatorCount = setValues.filter((value) => value.kind === 'arithmetic').length + calls.length;
  checkOperatorCount(KIND, operatorCount);
  return { actions };
}

/**
 * The update's tree for this request's names and values, checking in DynamoDB's order:
 * names in the updated paths, overlapping paths, then each action's values and types
 * (DynamoDB reports the last failing action).
 */
export function checkUpdate(prepared: PreparedUpdate, attributes: ExpressionAttributes): UpdateNode {
  const actions = prepared.actions;
  const targets: DocumentPath[] = new Array(actions.length);
  for (let index = actions.length - 1; index >= 0; index--) {
    targets[index] = resolvePath(KIND, actions[index].path, attributes);
  }
  checkPathsDisjoint(KIND, targets);

  const checked: UpdateAction[] = new Array(actions.length);
  for (let index = actions.length - 1; index >= 0; index--) {
    checked[index] = checkAction(actions[index], targets[index], attributes);
  }
  return { actions: checked };
}

function checkAction(action: SyntaxUpdateAction, path: DocumentPath, attributes: ExpressionAttributes): UpdateAction {
  switch (action.kind) {
    case 'remove':
      return { kind: 'remove', path };
    case 'add':
    case 'delete': {
      const value = resolveValue(KIND, action.value, attributes);
      const type = typeOf(value);
      const allowed = action.kind === 'add' ? ADD_TYPES : DELETE_TYPES;
      if (!allowed.includes(type)) {
        const operator = action.kind.toUpperCase();
        throw invalidExpression(
          KIND,
          `Incorrect operand type for operator or function; operator: ${operator}, operand type: ${LONG_TYPE_NAMES[type] ?? type}, typeSet: ALLOWED_FOR_${operator}_OPERAND`,
        );
      }
      return { kind: action.kind, path, value };
    }
    case 'set': {
      const value = resolveSetValue(action.value, attributes);
      checkSetValue(value);
      return { kind: 'set', path, value };
    }
  }
}

function resolveSetValue(value: SyntaxSetValue, attributes: ExpressionAttributes): UpdateValue {
  if (value.kind === 'arithmetic') {
    const left = resolveOperand(value.left, attributes);
    const right = resolveOperand(value.right, attributes);
    return { kind: value.operator === '+' ? 'plus' : 'minus', left, right };
  }
  return resolveOperand(value, attributes);
}

/** Resolved operands of a call, kept apart until the call's checks have run. */
type ResolvedCall = { readonly kind: 'call'; readonly name: string; readonly args: readonly UpdateValue[] };

function resolveOperand(operand: SyntaxOperand, attributes: ExpressionAttributes): UpdateValue {
  switch (operand.kind) {
    case 'path':
      return { kind: 'path', path: resolvePath(KIND, operand, attributes) };
    case 'value':
      return { kind: 'value', value: resolveValue(KIND, operand, attributes) };
    case 'call': {
      const call: ResolvedCall = {
        kind: 'call',
        name: operand.name.text,
        args: operand.args.map((arg) => resolveOperand(arg, attributes)),
      };
      return buildCall(call);
    }
  }
}

function buildCall(call: ResolvedCall): UpdateValue {
  if (UPDATE_FUNCTIONS[call.name] !== call.args.length) {
    throw invalidExpression(
      KIND,
      `Incorrect number of operands for operator or function; operator or function: ${call.name}, number of operands: ${call.args.length}`,
    );
  }
  const [first, second] = call.args;
  if (call.name === 'if_not_exists') {
    if (first.kind !== 'path') {
      throw invalidExpression(
        KIND,
        'Operator or function requires a document path; operator or function: if_not_exists',
      );
    }
    return { kind: 'if_not_exists', path: first.path, fallback: second };
  }
  return { kind: 'list_append', first, second };
}

/** The type a SET value is known to have before any item is read, if any. */
function staticType(value: UpdateValue): AttributeTypeName | undefined {
  switch (value.kind) {
    case 'value':
      return typeOf(value.value);
    case 'if_not_exists':
      return staticType(value.fallback);
    case 'list_append':
      return 'L';
    case 'plus':
    case 'minus':
      return 'N';
    case 'path':
      return undefined;
  }
}

function requireType(operator: string, operand: UpdateValue, wanted: AttributeTypeName): void {
  const type = staticType(operand);
  if (type !== undefined && type !== wanted) {
    throw invalidExpression(
      KIND,
      `Incorrect operand type for operator or function; operator or function: ${operator}, operand type: ${type}`,
    );
  }
}

function checkSetValue(value: UpdateValue): void {
  switch (value.kind) {
    case 'plus':
    case 'minus':
      checkSetValue(value.left);
      checkSetValue(value.right);
      requireType(value.kind === 'plus' ? '+' : '-', value.left, 'N');
      requireType(value.kind === 'plus' ? '+' : '-', value.right, 'N');
      return;
    case 'list_append':
      checkSetValue(value.first);
      checkSetValue(value.second);
      requireType('list_append', value.first, 'L');
      requireType('list_append', value.second, 'L');
      return;
    case 'if_not_exists':
      checkSetValue(value.fallback);
      return;
    default:
      return;
  }
}
