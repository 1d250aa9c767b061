import { malformedStatement } from './errors.js';

/** What a PartiQL token is; keywords are `identifier`s compared case-insensitively. */
export type TokenKind = 'identifier' | 'quoted' | 'string' | 'number' | 'punctuation' | 'parameter' | 'end';

export interface Token {
  readonly kind: TokenKind;
  /** The identifier, the unquoted name or string, the number's text, or the punctuation itself. */
  readonly text: string;
  /** Offset in the statement, for messages. */
  readonly offset: number;
}

/** Longest first, so `<=` wins over `<` and `<<` over `<`. */
const PUNCTUATION = [
  '<<',
  '>>',
  '<=',
  '>=',
  '<>',
  '!=',
  '||',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  ':',
  '*',
  '+',
  '-',
  '/',
  '%',
  '=',
  '<',
  '>',
  ';',
];

const isIdentifierStart = (code: number): boolean =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * The tokens of a statement, ending with an `end` token. Strings are single-quoted with `''`
 * for a quote; identifiers are bare or double-quoted with `""` for a quote.
 *
 * @example
 * tokenize(`SELECT * FROM "t"`).map((token) => token.text); // → ['SELECT', '*', 'FROM', 't', '']
 */
export function tokenize(statement: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const length = statement.length;
  while (at < length) {
    const code = statement.charCodeAt(at);
    if (code === 32 || code === 9 || code === 10 || code === 13) {
      at++;
      continue;
    }
    if (code === 45 && statement.charCodeAt(at + 1) === 45) {
      // `-- comment` to the end of the line
      while (at < length && statement.charCodeAt(at) !== 10) at++;
      continue;
    }
    const start = at;
    if (code === 39 || code === 34) {
      const { text, end } = quoted(statement, at, code);
      tokens.push({ kind: code === 39 ? 'string' : 'quoted', text, offset: start });
      at = end;
      continue;
    }
    if (isIdentifierStart(code)) {
      at++;
      while (at < length) {
        const next = statement.charCodeAt(at);
        if (!isIdentifierStart(next) && !isDigit(next)) break;
        at++;
      }
      tokens.push({ kind: 'identifier', text: statement.slice(start, at), offset: start });
      continue;
    }
    if (isDigit(code) || (code === 46 && isDigit(statement.charCodeAt(at + 1)))) {
      at = numberEnd(statement, at);
      tokens.push({ kind: 'number', text: statement.slice(start, at), offset: start });
      continue;
    }
    if (code === 63) {
      tokens.push({ kind: 'parameter', text: '?', offset: start });
      at++;
      continue;
    }
    const punctuation = PUNCTUATION.find((candidate) => statement.startsWith(candidate, at));
    if (punctuation === undefined) throw malformedStatement(`Unexpected character '${statement[at]}'`);
    tokens.push({ kind: 'punctuation', text: punctuation, offset: start });
    at += punctuation.length;
  }
  tokens.push({ kind: 'end', text: '', offset: length });
  return tokens;
}

function quoted(statement: string, start: number, quote: number): { text: string; end: number } {
  let text = '';
  let at = start + 1;
  for (;;) {
    const close = statement.indexOf(String.fromCharCode(quote), at);
    if (close < 0)
      throw malformedStatement(quote === 39 ? 'Unterminated string literal' : 'Unterminated quoted identifier');
    text += statement.slice(at, close);
    if (statement.charCodeAt(close + 1) === quote) {
      text += String.fromCharCode(quote);
      at = close + 2;
      continue;
    }
    return { text, end: close + 1 };
  }
}

function numberEnd(statement: string, start: number): number {
  let at = start;
  while (isDigit(statement.charCodeAt(at))) at++;
  if (statement.charCodeAt(at) === 46) {
    at++;
    while (isDigit(statement.charCodeAt(at))) at++;
  }
  const e = statement.charCodeAt(at);
  if (e === 101 || e === 69) {
    let after = at + 1;
    const sign = statement.charCodeAt(after);
    if (sign === 43 || sign === 45) after++;
    if (isDigit(statement.charCodeAt(after))) {
      at = after;
      while (isDigit(statement.charCodeAt(at))) at++;
    }
  }
  return at;
}
