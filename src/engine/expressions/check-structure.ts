import { invalidExpression, type ExpressionKind } from './expression-errors.js';
import { isReservedWord } from './reserved-words.js';
import type {
  SyntaxCall,
  SyntaxCondition,
  SyntaxOperand,
  SyntaxPath,
  SyntaxSetValue,
  SyntaxUpdateClause,
} from './syntax-tree.js';

/**
 * DynamoDB's first semantic pass, after the syntax and the redundant-parentheses check: one
 * walk in source order (a function before its arguments) that stops at the first unknown or
 * misplaced function, reserved word, list index out of range or too deep path; in an
 * UpdateExpression a repeated clause is reported once the clause has been walked.
 */

/** DynamoDB's document paths have at most 32 levels (`a.b[1]` has three). */
const MAX_PATH_DEPTH = 32;
/** List indexes are Java ints. */
const MAX_LIST_INDEX = 2147483647;

export const CONDITION_FUNCTIONS: Readonly<Record<string, number>> = {
  attribute_exists: 1,
  attribute_not_exists: 1,
  attribute_type: 2,
  begins_with: 2,
  contains: 2,
  size: 1,
};
export const UPDATE_FUNCTIONS: Readonly<Record<string, number>> = { if_not_exists: 2, list_append: 2 };

type Place = 'condition' | 'operand' | 'arithmetic' | 'update-value' | 'update-argument';

class StructureWalk {
  constructor(private readonly kind: ExpressionKind) {}

  condition(node: SyntaxCondition): void {
    switch (node.kind) {
      case 'and':
      case 'or':
        this.condition(node.left);
        this.condition(node.right);
        return;
      case 'not':
        this.condition(node.operand);
        return;
      case 'compare':
        this.operand(node.left, 'operand');
        this.operand(node.right, 'operand');
        return;
      case 'between':
        for (const operand of [node.operand, node.lower, node.upper]) this.operand(operand, 'operand');
        return;
      case 'in':
        for (const operand of [node.operand, ...node.candidates]) this.operand(operand, 'operand');
        return;
      case 'function':
        this.call(node.call, 'condition');
    }
  }

  updateClauses(clauses: readonly SyntaxUpdateClause[]): void {
    const seen = new Set<string>();
    for (const clause of clauses) {
      for (const action of clause.actions) {
        this.path(action.path);
        if (action.kind === 'set') this.setValue(action.value);
      }
      if (seen.has(clause.keyword)) {
        throw this.error(`The "${clause.keyword}" section can only be used once in an update expression;`);
      }
      seen.add(clause.keyword);
    }
  }

  private setValue(value: SyntaxSetValue): void {
    if (value.kind === 'arithmetic') {
      this.operand(value.left, 'arithmetic');
      this.operand(value.right, 'arithmetic');
    } else {
      this.operand(value, 'update-value');
    }
  }

  private operand(operand: SyntaxOperand, place: Place): void {
    if (operand.kind === 'path') this.path(operand);
    else if (operand.kind === 'call') this.call(operand, place);
  }

  private call(call: SyntaxCall, place: Place): void {
    const name = call.name.text;
    const inUpdate = this.kind === 'UpdateExpression';
    const own = inUpdate ? UPDATE_FUNCTIONS : CONDITION_FUNCTIONS;
    const other = inUpdate ? CONDITION_FUNCTIONS : UPDATE_FUNCTIONS;
    if (!Object.hasOwn(own, name)) {
      if (Object.hasOwn(other, name)) {
        throw this.error(
          `The function is not allowed in ${inUpdate ? 'an update' : 'a condition'} expression; function: ${name}`,
        );
      }
      throw this.error(`Invalid function name; function: ${name}`);
    }
    const misused =
      (place === 'condition' && name === 'size') ||
      (place === 'operand' && name !== 'size') ||
      // list_append stands only as a whole SET value: neither in arithmetic nor inside a call.
      ((place === 'arithmetic' || place === 'update-argument') && name === 'list_append');
    if (misused)
      throw this.error(`The function is not allowed to be used this way in an expression; function: ${name}`);
    for (const arg of call.args) this.operand(arg, inUpdate ? 'update-argument' : 'operand');
  }

  path(path: SyntaxPath): void {
    for (const element of path.elements) {
      // `size` is in the reserved list, yet DynamoDB accepts it as a bare name.
      if (
        element.kind === 'identifier' &&
        element.token.text.toLowerCase() !== 'size' &&
        isReservedWord(element.token.text)
      ) {
        throw this.error(`Attribute name is a reserved keyword; reserved keyword: ${element.token.text}`);
      }
      if (element.kind === 'index' && Number(element.token.text) > MAX_LIST_INDEX) {
        throw this.error(`List index is not within the allowable range; index: [${element.token.text}]`);
      }
    }
    if (path.elements.length > MAX_PATH_DEPTH) {
      throw this.error(`The document path has too many nesting levels; nesting levels: ${path.elements.length}`);
    }
  }

  private error(detail: string) {
    return invalidExpression(this.kind, detail);
  }
}

/** First semantic pass over a condition (ConditionExpression, FilterExpression, KeyConditionExpression). */
export function checkConditionStructure(kind: ExpressionKind, node: SyntaxCondition): void {
  new StructureWalk(kind).condition(node);
}

/** First semantic pass over an UpdateExpression. */
export function checkUpdateStructure(clauses: readonly SyntaxUpdateClause[]): void {
  new StructureWalk('UpdateExpression').updateClauses(clauses);
}

/** First semantic pass over a ProjectionExpression's paths. */
export function checkProjectionStructure(paths: readonly SyntaxPath[]): void {
  const walk = new StructureWalk('ProjectionExpression');
  for (const path of paths) walk.path(path);
}
