import { ExpressionSyntaxError } from './expression-errors.js';
import type {
  ParseNotes,
  SyntaxCall,
  SyntaxCondition,
  SyntaxOperand,
  SyntaxPath,
  SyntaxPathElement,
  SyntaxSetValue,
  SyntaxUpdateAction,
  SyntaxUpdateClause,
  SyntaxValue,
} from './syntax-tree.js';
import { isKeyword, type Token } from './tokenizer.js';

const COMPARATORS: ReadonlySet<string> = new Set(['=', '<>', '<', '<=', '>', '>=']);
const UPDATE_CLAUSES = ['SET', 'REMOVE', 'ADD', 'DELETE'] as const;

/** A condition, or an operand still waiting to learn whether a comparator follows it. */
type ConditionOrOperand = { readonly condition: SyntaxCondition } | { readonly operand: SyntaxOperand };

/**
 * The one recursive-descent parser for all expression kinds (grammar of DynamoDB's parser,
 * precedence NOT > AND > OR). It never backtracks, so its time is linear in the input,
 * and it throws {@link ExpressionSyntaxError} at the first token it cannot use, which is
 * the token DynamoDB reports.
 */
export class Parser {
  private position = 0;
  /** Nodes written inside parentheses; a second pair around one of them is redundant. */
  private readonly parenthesized = new WeakSet<object>();
  readonly notes: ParseNotes = { redundantParentheses: false };

  constructor(private readonly tokens: readonly Token[]) {}

  /** ConditionExpression, FilterExpression and KeyConditionExpression. */
  parseConditionExpression(): SyntaxCondition {
    const result = this.parseOr();
    const condition = this.toCondition(result);
    this.expectEnd();
    return condition;
  }

  /** ProjectionExpression: paths separated by commas. */
  parseProjectionExpression(): SyntaxPath[] {
    const paths = [this.parsePath()];
    while (this.acceptPunctuation(',')) paths.push(this.parsePath());
    this.expectEnd();
    return paths;
  }

  /** UpdateExpression: one or more clauses, in any order (repetition is a semantic error). */
  parseUpdateExpression(): SyntaxUpdateClause[] {
    const clauses: SyntaxUpdateClause[] = [];
    do {
      const keyword = UPDATE_CLAUSES.find((word) => isKeyword(this.peek(), word));
      if (keyword === undefined) this.fail();
      this.position++;
      const actions = [this.parseUpdateAction(keyword)];
      while (this.acceptPunctuation(',')) actions.push(this.parseUpdateAction(keyword));
      clauses.push({ keyword, actions });
    } while (this.peek().kind !== 'eof');
    return clauses;
  }

  // ---- conditions ----

  private parseOr(): ConditionOrOperand {
    let left = this.parseAnd();
    while (isKeyword(this.peek(), 'OR')) {
      const leftCondition = this.toCondition(left);
      this.position++;
      const right = this.toCondition(this.parseAnd());
      left = { condition: { kind: 'or', left: leftCondition, right } };
    }
    return left;
  }

  private parseAnd(): ConditionOrOperand {
    let left = this.parseNot();
    while (isKeyword(this.peek(), 'AND')) {
      const leftCondition = this.toCondition(left);
      this.position++;
      const right = this.toCondition(this.parseNot());
      left = { condition: { kind: 'and', left: leftCondition, right } };
    }
    return left;
  }

  private parseNot(): ConditionOrOperand {
    if (isKeyword(this.peek(), 'NOT')) {
      this.position++;
      return { condition: { kind: 'not', operand: this.toCondition(this.parseNot()) } };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): ConditionOrOperand {
    if (this.peekPunctuation('(')) {
      this.position++;
      const inner = this.parseOr();
      this.expectPunctuation(')');
      if ('condition' in inner) {
        this.markParenthesized(inner.condition);
        return inner;
      }
      // `(a) = :v`: the parentheses held an operand, so a comparison may follow.
      this.markParenthesized(inner.operand);
      return this.parseComparisonAfter(inner.operand);
    }
    return this.parseComparisonAfter(this.parseOperand());
  }

  private parseComparisonAfter(left: SyntaxOperand): ConditionOrOperand {
    const token = this.peek();
    if (token.kind === 'punctuation' && COMPARATORS.has(token.text)) {
      this.position++;
      return { condition: { kind: 'compare', comparator: token.text, left, right: this.parseOperand() } };
    }
    if (isKeyword(token, 'BETWEEN')) {
      this.position++;
      const lower = this.parseOperand();
      if (!isKeyword(this.peek(), 'AND')) this.fail();
      this.position++;
      return { condition: { kind: 'between', operand: left, lower, upper: this.parseOperand() } };
    }
    if (isKeyword(token, 'IN')) {
      this.position++;
      this.expectPunctuation('(');
      const candidates = [this.parseOperand()];
      while (this.acceptPunctuation(',')) candidates.push(this.parseOperand());
      this.expectPunctuation(')');
      return { condition: { kind: 'in', operand: left, candidates } };
    }
    return { operand: left };
  }

  /** A bare function call stands as a condition (`attribute_exists(a)`); any other operand cannot. */
  private toCondition(result: ConditionOrOperand): SyntaxCondition {
    if ('condition' in result) return result.condition;
    if (result.operand.kind === 'call') return { kind: 'function', call: result.operand };
    return this.fail();
  }

  // ---- operands ----

  /** Path, `:value`, function call, or an operand in parentheses. */
  private parseOperand(): SyntaxOperand {
    const token = this.peek();
    if (token.kind === 'value') {
      this.position++;
      return { kind: 'value', token } satisfies SyntaxValue;
    }
    if (token.kind === 'identifier' && this.peekPunctuation('(', 1)) return this.parseCall();
    if (token.kind === 'punctuation' && token.text === '(') {
      this.position++;
      const inner = this.parseOperand();
      this.expectPunctuation(')');
      this.markParenthesized(inner);
      return inner;
    }
    return this.parsePath();
  }

  private parseCall(): SyntaxCall {
    const name = this.peek();
    this.position += 2; // name and `(`
    const args = [this.parseOperand()];
    while (this.acceptPunctuation(',')) args.push(this.parseOperand());
    this.expectPunctuation(')');
    return { kind: 'call', name, args };
  }

  private parsePath(): SyntaxPath {
    const elements: SyntaxPathElement[] = [this.parsePathName()];
    for (;;) {
      if (this.acceptPunctuation('.')) {
        elements.push(this.parsePathName());
      } else if (this.acceptPunctuation('[')) {
        const token = this.peek();
        if (token.kind !== 'number') this.fail();
        this.position++;
        this.expectPunctuation(']');
        elements.push({ kind: 'index', token });
      } else {
        return { kind: 'path', elements };
      }
    }
  }

  private parsePathName(): SyntaxPathElement {
    const token = this.peek();
    if (token.kind !== 'identifier' && token.kind !== 'name') this.fail();
    this.position++;
    return { kind: token.kind, token };
  }

  // ---- update ----

  private parseUpdateAction(keyword: SyntaxUpdateClause['keyword']): SyntaxUpdateAction {
    const path = this.parsePath();
    switch (keyword) {
      case 'SET':
        this.expectPunctuation('=');
        return { kind: 'set', path, value: this.parseSetValue() };
      case 'REMOVE':
        return { kind: 'remove', path };
      case 'ADD':
      case 'DELETE': {
        const token = this.peek();
        if (token.kind !== 'value') this.fail();
        this.position++;
        return { kind: keyword === 'ADD' ? 'add' : 'delete', path, value: { kind: 'value', token } };
      }
    }
  }

  /** `operand`, `operand + operand`, `operand - operand`, or any of these in parentheses. */
  private parseSetValue(): SyntaxSetValue {
    let left: SyntaxSetValue;
    if (this.peekPunctuation('(')) {
      this.position++;
      const inner = this.parseSetValue();
      this.expectPunctuation(')');
      this.markParenthesized(inner);
      if (inner.kind === 'arithmetic') return inner;
      left = inner;
    } else {
      left = this.parseUpdateOperand();
    }
    const token = this.peek();
    if (token.kind === 'punctuation' && (token.text === '+' || token.text === '-')) {
      this.position++;
      return { kind: 'arithmetic', operator: token.text, left, right: this.parseUpdateOperand() };
    }
    return left;
  }

  /** Operands of update functions and arithmetic: no arithmetic inside them. */
  private parseUpdateOperand(): SyntaxOperand {
    return this.parseOperand();
  }

  // ---- token helpers ----

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.position + offset, this.tokens.length - 1)];
  }

  private peekPunctuation(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === 'punctuation' && token.text === text;
  }

  private acceptPunctuation(text: string): boolean {
    if (!this.peekPunctuation(text)) return false;
    this.position++;
    return true;
  }

  private expectPunctuation(text: string): void {
    if (!this.acceptPunctuation(text)) this.fail();
  }

  private expectEnd(): void {
    if (this.peek().kind !== 'eof') this.fail();
  }

  private markParenthesized(node: object): void {
    if (this.parenthesized.has(node)) this.notes.redundantParentheses = true;
    this.parenthesized.add(node);
  }

  private fail(): never {
    throw new ExpressionSyntaxError(Math.min(this.position, this.tokens.length - 1));
  }
}
