import type { BinaryOperator, Expression, PathExpression } from './ast.js';
import { malformedStatement, unsupported } from './errors.js';
import type { TokenCursor } from './token-cursor.js';
import { numberLiteral } from './literal-values.js';
import { DEEPEST_PATH_LEVEL, literalTooDeep } from './nesting-limits.js';

/**
 * Expressions nested deeper than this (parentheses, literals, calls, `NOT`s) end the
 * parse with DynamoDB's nesting error instead of recursing on: the parser recurses once
 * per level, and an 8 KB statement could otherwise nest 4,000 levels, past the stack.
 * DynamoDB Local's own parser overflows between 250 and 300 levels (its answer is then an
 * HTML page with a 500), and a literal past 32 levels is refused anyway.
 */
const DEEPEST_EXPRESSION_NESTING = 256;

/** Words that end or structure an expression, never read as attribute names when bare. */
const KEYWORDS = new Set([
  'SELECT',
  'FROM',
  'WHERE',
  'AND',
  'OR',
  'NOT',
  'IN',
  'IS',
  'BETWEEN',
  'ORDER',
  'BY',
  'SET',
  'REMOVE',
  'RETURNING',
  'VALUE',
  'VALUES',
  'INTO',
  'INSERT',
  'UPDATE',
  'DELETE',
  'TRUE',
  'FALSE',
  'NULL',
  'MISSING',
  'ASC',
  'DESC',
  'LIMIT',
  'GROUP',
  'HAVING',
  'AS',
  'DISTINCT',
  'ON',
  'AT',
]);

/** PartiQL's type names: `IS` takes one of them (DynamoDB then supports only some, compile-expression.ts). */
const PARTIQL_TYPES = new Set([
  'MISSING',
  'NULL',
  'BOOL',
  'BOOLEAN',
  'SMALLINT',
  'INT',
  'INT4',
  'INT8',
  'INTEGER',
  'BIGINT',
  'FLOAT',
  'REAL',
  'DOUBLE',
  'DECIMAL',
  'NUMERIC',
  'DEC',
  'TIMESTAMP',
  'DATE',
  'TIME',
  'STRING',
  'SYMBOL',
  'VARCHAR',
  'CHAR',
  'CHARACTER',
  'BLOB',
  'CLOB',
  'STRUCT',
  'TUPLE',
  'LIST',
  'SEXP',
  'BAG',
  'ANY',
]);

/** The types DynamoDB's `IS` supports, in the order its message lists them. */
const IS_SUPPORTED = new Set(['MISSING', 'NULL', 'BOOLEAN', 'BLOB', 'STRING', 'NUMERIC', 'STRUCT', 'TUPLE', 'LIST']);

/** PartiQL's own name for a type written with a synonym. */
function canonicalTypeName(name: string): string {
  if (name === 'INT' || name === 'INT4') return 'INTEGER';
  if (name === 'INT8') return 'BIGINT';
  if (name === 'BOOL') return 'BOOLEAN';
  if (name === 'DEC') return 'DECIMAL';
  if (name === 'CHARACTER') return 'CHAR';
  return name;
}

const COMPARISONS: Readonly<Record<string, BinaryOperator>> = {
  '=': '=',
  '<>': '<>',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

/** Reads one boolean or value expression (the WHERE grammar); `SELECT` inside `EXISTS(…)` through `parseSelect`. */
export type SelectParser = (cursor: TokenCursor) => Expression;

/**
 * The expression at the cursor: `OR` binds loosest, then `AND`, `NOT`, comparisons
 * (`=`, `<>`, `<`, `BETWEEN`, `IN`, `IS`), then `+`/`-`.
 */
export function parseExpression(cursor: TokenCursor, exists?: SelectParser): Expression {
  enterNesting(cursor);
  const expression = parseOr(cursor, exists);
  cursor.expressionNesting--;
  return expression;
}

function enterNesting(cursor: TokenCursor): void {
  if (++cursor.expressionNesting > DEEPEST_EXPRESSION_NESTING) throw literalTooDeep();
}

function parseOr(cursor: TokenCursor, exists: SelectParser | undefined): Expression {
  let left = parseAnd(cursor, exists);
  while (cursor.acceptKeyword('OR')) left = { kind: 'binary', operator: 'OR', left, right: parseAnd(cursor, exists) };
  return left;
}

function parseAnd(cursor: TokenCursor, exists: SelectParser | undefined): Expression {
  let left = parseNot(cursor, exists);
  while (cursor.acceptKeyword('AND')) left = { kind: 'binary', operator: 'AND', left, right: parseNot(cursor, exists) };
  return left;
}

function parseNot(cursor: TokenCursor, exists: SelectParser | undefined): Expression {
  if (cursor.acceptKeyword('NOT')) {
    enterNesting(cursor);
    const operand = parseNot(cursor, exists);
    cursor.expressionNesting--;
    return { kind: 'not', operand };
  }
  return parseComparison(cursor, exists);
}

function parseComparison(cursor: TokenCursor, exists: SelectParser | undefined): Expression {
  const left = parseAdditive(cursor, exists);
  const token = cursor.peek();
  if (token.kind === 'punctuation' && COMPARISONS[token.text] !== undefined) {
    cursor.next();
    return {
      kind: 'binary',
      operator: COMPARISONS[token.text] as BinaryOperator,
      left,
      right: parseAdditive(cursor, exists),
    };
  }
  const negated = cursor.isKeyword('NOT') && (cursor.isKeyword('BETWEEN', 1) || cursor.isKeyword('IN', 1));
  if (negated) cursor.next();
  if (cursor.acceptKeyword('BETWEEN')) {
    const low = parseAdditive(cursor, exists);
    cursor.expectKeyword('AND');
    const between: Expression = { kind: 'between', operand: left, low, high: parseAdditive(cursor, exists) };
    return negated ? { kind: 'not', operand: between } : between;
  }
  if (cursor.acceptKeyword('IN')) {
    const candidates = parseInList(cursor, exists);
    const inList: Expression = { kind: 'in', operand: left, candidates };
    return negated ? { kind: 'not', operand: inList } : inList;
  }
  if (cursor.isKeyword('IS')) {
    const is = cursor.next();
    const isNegated = cursor.acceptKeyword('NOT');
    const type = cursor.next();
    if (type.kind !== 'identifier' || !PARTIQL_TYPES.has(type.text.toUpperCase()))
      throw malformedStatement(`Unexpected '${type.text}' after IS`);
    const name = canonicalTypeName(type.text.toUpperCase());
    if (!IS_SUPPORTED.has(name)) {
      throw unsupported(
        cursor.placed(
          `Unsupported data type for IS operator: ${name}. Supported data types are [${[...IS_SUPPORTED].join(', ')}]`,
          is,
        ),
      );
    }
    return { kind: 'is', operand: left, type: name, negated: isNegated };
  }
  return left;
}

/** `IN [a, b]` or `IN (a, b)`. */
function parseInList(cursor: TokenCursor, exists: SelectParser | undefined): Expression[] {
  const close = cursor.acceptPunctuation('[') ? ']' : (cursor.expectPunctuation('('), ')');
  const items: Expression[] = [];
  if (!cursor.acceptPunctuation(close)) {
    do items.push(parseAdditive(cursor, exists));
    while (cursor.acceptPunctuation(','));
    cursor.expectPunctuation(close);
  }
  return items;
}

function parseAdditive(cursor: TokenCursor, exists: SelectParser | undefined): Expression {
  let left = parsePrimary(cursor, exists);
  for (;;) {
    if (cursor.acceptPunctuation('+'))
      left = { kind: 'binary', operator: '+', left, right: parsePrimary(cursor, exists) };
    else if (cursor.acceptPunctuation('-'))
      left = { kind: 'binary', operator: '-', left, right: parsePrimary(cursor, exists) };
    else return left;
  }
}

function parsePrimary(cursor: TokenCursor, exists: SelectParser | undefined): Expression {
  const token = cursor.peek();
  switch (token.kind) {
    case 'string':
      cursor.next();
      noteScalar(cursor);
      return { kind: 'literal', value: { S: token.text } };
    case 'number':
      cursor.next();
      noteScalar(cursor);
      return { kind: 'literal', value: { N: numberLiteral(token.text) } };
    case 'parameter':
      cursor.next();
      noteScalar(cursor);
      return { kind: 'parameter', index: cursor.parameterCount++ };
    case 'quoted':
      return parsePath(cursor);
    case 'identifier':
      return parseWord(cursor, exists);
    case 'punctuation':
      return parseBracketed(cursor, exists);
    default:
      throw cursor.unexpected('expected an expression');
  }
}

function parseWord(cursor: TokenCursor, exists: SelectParser | undefined): Expression {
  const word = cursor.peek().text.toUpperCase();
  if (word === 'TRUE' || word === 'FALSE') {
    cursor.next();
    noteScalar(cursor);
    return { kind: 'literal', value: { BOOL: word === 'TRUE' } };
  }
  if (word === 'NULL') {
    cursor.next();
    noteScalar(cursor);
    return { kind: 'literal', value: { NULL: true } };
  }
  if (cursor.isPunctuation('(', 1)) {
    const name = cursor.next().text.toLowerCase();
    cursor.next();
    if (name === 'exists' && exists !== undefined && cursor.isKeyword('SELECT')) {
      const select = exists(cursor);
      cursor.expectPunctuation(')');
      return select;
    }
    const args: Expression[] = [];
    if (!cursor.acceptPunctuation(')')) {
      do args.push(parseExpression(cursor, exists));
      while (cursor.acceptPunctuation(','));
      cursor.expectPunctuation(')');
    }
    return { kind: 'call', name, args };
  }
  if (KEYWORDS.has(word)) throw cursor.unexpected('expected an expression');
  return parsePath(cursor);
}

function parseBracketed(cursor: TokenCursor, exists: SelectParser | undefined): Expression {
  if (cursor.acceptPunctuation('(')) {
    const inner = parseExpression(cursor, exists);
    cursor.expectPunctuation(')');
    return inner;
  }
  if (cursor.isPunctuation('-') && cursor.peek(1).kind === 'number') {
    cursor.next();
    return { kind: 'literal', value: { N: numberLiteral(`-${cursor.next().text}`) } };
  }
  if (cursor.acceptPunctuation('[')) {
    enterLiteral(cursor);
    const items = parseSequence(cursor, ']', exists);
    cursor.literalNesting--;
    return { kind: 'list', items };
  }
  if (cursor.isPunctuation('<<')) {
    const open = cursor.next();
    enterLiteral(cursor);
    const items = parseSequence(cursor, '>>', exists);
    cursor.literalNesting--;
    if (items.length === 0) throw unsupported(`Empty bags are not supported at ${cursor.positionOf(open)}:2`);
    return { kind: 'bag', items };
  }
  if (cursor.acceptPunctuation('{')) {
    enterLiteral(cursor);
    const entries: [string, Expression][] = [];
    if (!cursor.acceptPunctuation('}')) {
      do {
        const key = cursor.next();
        if (key.kind !== 'string')
          throw malformedStatement(`Tuple keys must be of type String. Actual type: ${key.text}`);
        cursor.expectPunctuation(':');
        entries.push([key.text, parseExpression(cursor, exists)]);
      } while (cursor.acceptPunctuation(','));
      cursor.expectPunctuation('}');
    }
    cursor.literalNesting--;
    return { kind: 'map', entries };
  }
  throw cursor.unexpected('expected an expression');
}

/** A list, map or bag literal begins: DynamoDB counts its levels (nesting-limits.ts). */
function enterLiteral(cursor: TokenCursor): void {
  cursor.literalNesting++;
  if (cursor.literalNesting > cursor.deepestLiteral) cursor.deepestLiteral = cursor.literalNesting;
}

/** A scalar or `?` read inside literals is one level below its innermost one. */
function noteScalar(cursor: TokenCursor): void {
  if (cursor.literalNesting > 0 && cursor.literalNesting + 1 > cursor.deepestLiteral)
    cursor.deepestLiteral = cursor.literalNesting + 1;
}

function parseSequence(cursor: TokenCursor, close: string, exists: SelectParser | undefined): Expression[] {
  const items: Expression[] = [];
  if (cursor.acceptPunctuation(close)) return items;
  do items.push(parseExpression(cursor, exists));
  while (cursor.acceptPunctuation(','));
  cursor.expectPunctuation(close);
  return items;
}

/** `name`, `"name"`, then `.key`, `."key"`, `[0]`. */
export function parsePath(cursor: TokenCursor): PathExpression {
  const head = cursor.next();
  if (head.kind !== 'identifier' && head.kind !== 'quoted') throw cursor.unexpected('expected an attribute name');
  const steps: (string | number)[] = [];
  for (;;) {
    if (cursor.acceptPunctuation('.')) {
      const key = cursor.next();
      if (key.kind !== 'identifier' && key.kind !== 'quoted') throw malformedStatement('Invalid path dot component');
      steps.push(key.text);
    } else if (cursor.acceptPunctuation('[')) {
      const index = cursor.next();
      if (index.kind === 'string') steps.push(index.text);
      else if (index.kind === 'number' && /^\d+$/.test(index.text)) steps.push(Number(index.text));
      else throw malformedStatement('Invalid path index component');
      cursor.expectPunctuation(']');
    } else {
      // The first path past DynamoDB's 32 levels is named once the statement has parsed (parse-statement.ts).
      if (steps.length + 1 > DEEPEST_PATH_LEVEL && cursor.firstTooDeepPath === undefined)
        cursor.firstTooDeepPath = steps.length + 1;
      return { kind: 'path', name: head.text, steps };
    }
  }
}
