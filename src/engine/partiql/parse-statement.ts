import type {
  Expression,
  OrderTerm,
  ParsedStatement,
  PathExpression,
  Returning,
  SelectStatement,
  Source,
  Statement,
  UpdateAction,
} from './ast.js';
import { malformedStatement, ParseFailure, statementNotWellFormed, unsupported } from './errors.js';
import { parseExpression, parsePath } from './parse-expression.js';
import { DEEPEST_LITERAL_LEVEL, literalTooDeep, pathTooDeep } from './nesting-limits.js';
import { TokenCursor } from './token-cursor.js';
import { tokenize } from './tokens.js';

/**
 * One PartiQL statement, parsed: SELECT, INSERT, UPDATE or DELETE as DynamoDB accepts them.
 * Throws DynamoDB's `ValidationException` for what it cannot parse or does not support.
 *
 * @example
 * parseStatement(`SELECT * FROM "t" WHERE pk = ?`).parameterCount; // → 1
 */
export function parseStatement(text: string): ParsedStatement {
  if (text.trim() === '') throw unsupported('The statement was empty.');
  try {
    return parseTokens(text);
  } catch (error) {
    if (error instanceof ParseFailure) throw statementNotWellFormed(text);
    throw error;
  }
}

function parseTokens(text: string): ParsedStatement {
  const cursor = new TokenCursor(tokenize(text), text);
  const statement = parseOne(cursor);
  cursor.acceptPunctuation(';');
  if (!cursor.atEnd()) throw cursor.unexpected('expected end of statement');
  if (cursor.deepestLiteral > DEEPEST_LITERAL_LEVEL) throw literalTooDeep();
  if (cursor.firstTooDeepPath !== undefined) throw pathTooDeep(cursor.firstTooDeepPath);
  return { statement, parameterCount: cursor.parameterCount };
}

function parseOne(cursor: TokenCursor): Statement {
  if (cursor.isKeyword('SELECT')) return parseSelect(cursor);
  if (cursor.acceptKeyword('INSERT')) return parseInsert(cursor);
  if (cursor.acceptKeyword('UPDATE')) return parseUpdate(cursor);
  if (cursor.acceptKeyword('DELETE')) return parseDelete(cursor);
  if (cursor.isKeyword('EXISTS') && cursor.isPunctuation('(', 1)) {
    cursor.next();
    cursor.next();
    const select = parseSelect(cursor);
    cursor.expectPunctuation(')');
    return { kind: 'exists', source: select.source, select };
  }
  throw cursor.unexpected('expected SELECT, INSERT, UPDATE or DELETE');
}

const existsParser = (cursor: TokenCursor): Expression => ({ kind: 'exists', select: parseSelect(cursor) });

function parseSelect(cursor: TokenCursor): SelectStatement {
  cursor.expectKeyword('SELECT');
  if (cursor.isKeyword('DISTINCT')) throw unsupported('Unsupported token in expression: DISTINCT');
  if (cursor.isKeyword('VALUE')) throw unsupported("Select projection doesn't support value or pivot keywords");
  let projection: PathExpression[] | undefined;
  if (cursor.acceptPunctuation('*')) {
    if (cursor.isPunctuation(',')) throw malformedStatement("'*' followed by other attributes");
  } else {
    projection = [];
    do {
      if (cursor.isPunctuation('*'))
        throw unsupported("Other attributes should not be present in the projection when '*' is used.");
      projection.push(parsePath(cursor));
      if (cursor.isKeyword('AS')) throw unsupported('Aliasing is not supported');
    } while (cursor.acceptPunctuation(','));
    const seen = new Set<string>();
    for (const path of projection) {
      const key = JSON.stringify([path.name, ...path.steps]);
      if (seen.has(key)) throw unsupported(`Duplicate identifiers in select clause: ${path.name}`);
      seen.add(key);
    }
  }
  cursor.expectKeyword('FROM');
  const source = parseSource(cursor, true);
  if (cursor.isPunctuation(',')) throw unsupported('Only select from a single table or index is supported.');
  const where = cursor.acceptKeyword('WHERE') ? parseExpression(cursor, existsParser) : undefined;
  const orderBy: OrderTerm[] = [];
  if (cursor.acceptKeyword('ORDER')) {
    cursor.expectKeyword('BY');
    do {
      const term = cursor.next();
      if (term.kind !== 'identifier' && term.kind !== 'quoted')
        throw unsupported(`Argument to ORDER BY must be of type VariableReference. Type: ${term.text}`);
      const descending = cursor.acceptKeyword('DESC');
      if (!descending) cursor.acceptKeyword('ASC');
      orderBy.push({ name: term.text, descending });
    } while (cursor.acceptPunctuation(','));
  }
  for (const clause of ['GROUP', 'HAVING', 'LIMIT', 'OFFSET']) {
    // DynamoDB places the refusal at the clause's first argument.
    if (cursor.isKeyword(clause))
      throw unsupported(cursor.placed(`Unsupported clause: ${clause}`, cursor.peek(clause === 'GROUP' ? 2 : 1)));
  }
  return { kind: 'select', projection, source, where, orderBy };
}

/** `t`, `"t"`, `"t"."index"`. */
function parseSource(cursor: TokenCursor, allowIndex: boolean): Source {
  const table = cursor.next();
  if (table.kind !== 'identifier' && table.kind !== 'quoted')
    throw malformedStatement(`Unexpected '${table.text}', expected a table name`);
  let index: string | undefined;
  if (cursor.acceptPunctuation('.')) {
    const name = cursor.next();
    if (name.kind !== 'identifier' && name.kind !== 'quoted') throw malformedStatement('Invalid path dot component');
    if (cursor.isPunctuation('.')) throw unsupported('A path may contain at most 2 components in the FROM clause');
    if (!allowIndex) throw unsupported('This operation is not supported on an index');
    index = name.text;
  }
  return { table: table.text, index };
}

function parseInsert(cursor: TokenCursor): Statement {
  cursor.expectKeyword('INTO');
  const source = parseSource(cursor, false);
  if (cursor.isKeyword('VALUES')) throw unsupported('Unsupported operation: InsertOp');
  cursor.expectKeyword('VALUE');
  const first = cursor.peek();
  // The item's own tuple is no level of its attributes' values (nesting-limits.ts); a path
  // in it is refused as no value at all, not for its depth.
  cursor.literalNesting = -1;
  const item = parseExpression(cursor);
  cursor.literalNesting = 0;
  cursor.firstTooDeepPath = undefined;
  if (item.kind !== 'map' && item.kind !== 'parameter') {
    throw unsupported(
      cursor.placed(
        'Unsupported format in item expression. Please use struct format {...} to express item values for insert statement.',
        first,
      ),
    );
  }
  if (cursor.isKeyword('RETURNING')) throw unsupported('RETURNING is not supported in INSERT');
  return { kind: 'insert', source, item };
}

function parseUpdate(cursor: TokenCursor): Statement {
  const source = parseSource(cursor, false);
  const actions: UpdateAction[] = [];
  for (;;) {
    if (cursor.acceptKeyword('SET')) {
      do {
        const path = parsePath(cursor);
        cursor.expectPunctuation('=');
        const valueStart = cursor.peek(2);
        const value = parseExpression(cursor);
        actions.push({
          kind: 'set',
          path,
          value,
          ...(value.kind === 'call' ? { position: cursor.placed('', valueStart).slice(4) } : {}),
        });
      } while (cursor.acceptPunctuation(','));
    } else if (cursor.acceptKeyword('REMOVE')) {
      do actions.push({ kind: 'remove', path: parsePath(cursor) });
      while (cursor.acceptPunctuation(','));
    } else break;
  }
  if (actions.length === 0) {
    if (cursor.isKeyword('ADD') || cursor.isKeyword('DELETE'))
      throw unsupported('Only SET and REMOVE are supported in update expressions at this time');
    throw cursor.unexpected('expected SET or REMOVE');
  }
  const where = cursor.acceptKeyword('WHERE') ? parseExpression(cursor) : undefined;
  return { kind: 'update', source, actions, where, returning: parseReturning(cursor) };
}

function parseDelete(cursor: TokenCursor): Statement {
  cursor.expectKeyword('FROM');
  const source = parseSource(cursor, false);
  const where = cursor.acceptKeyword('WHERE') ? parseExpression(cursor) : undefined;
  const returning = parseReturning(cursor);
  if (returning !== undefined && returning !== 'ALL_OLD') {
    const written =
      returning === 'UPDATED_OLD' ? 'MODIFIED OLD *' : returning === 'ALL_NEW' ? 'ALL NEW *' : 'MODIFIED NEW *';
    throw unsupported(
      `Invalid returning clause: RETURNING ${written}. Only RETURNING ALL OLD * is allowed in DELETE statements.`,
    );
  }
  return { kind: 'delete', source, where, returning };
}

function parseReturning(cursor: TokenCursor): Returning | undefined {
  if (!cursor.acceptKeyword('RETURNING')) return undefined;
  const which = cursor.acceptKeyword('ALL') ? 'ALL' : cursor.acceptKeyword('MODIFIED') ? 'UPDATED' : undefined;
  const age =
    which === undefined
      ? undefined
      : cursor.acceptKeyword('OLD')
        ? 'OLD'
        : cursor.acceptKeyword('NEW')
          ? 'NEW'
          : undefined;
  if (which === undefined || age === undefined) throw cursor.unexpected('expected ( MODIFIED | ALL ) ( NEW | OLD )');
  if (!cursor.acceptPunctuation('*'))
    throw unsupported("Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause");
  if (cursor.isPunctuation(','))
    throw unsupported('Invalid syntax with multiple returning elements in RETURNING clause');
  return `${which}_${age}` as Returning;
}
