/**
 * The one tokenizer behind all five expression languages. It follows DynamoDB's lexer:
 * positions are UTF-16 code units (an emoji is two unknown tokens), a character that starts
 * no token becomes a one-character `unknown` token (so the parser reports it as DynamoDB
 * does: `token: "$"`), and keywords are recognised in any letter case.
 */

export type TokenKind =
  | 'identifier'
  | 'keyword'
  | 'name' // #name
  | 'value' // :value
  | 'number' // list index digits
  | 'punctuation'
  | 'unknown'
  | 'eof';

export interface Token {
  readonly kind: TokenKind;
  /** The source text; `<EOF>` for the end. Keywords keep their original case. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Words the lexer turns into keywords in every expression kind, never identifiers. */
const KEYWORDS: ReadonlySet<string> = new Set(['AND', 'OR', 'NOT', 'BETWEEN', 'IN', 'SET', 'REMOVE', 'ADD', 'DELETE']);

const TWO_CHARACTER_PUNCTUATION: ReadonlySet<string> = new Set(['<>', '<=', '>=']);
const ONE_CHARACTER_PUNCTUATION: ReadonlySet<string> = new Set(['(', ')', '[', ']', ',', '.', '+', '-', '=', '<', '>']);

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isWordCharacter(code: number): boolean {
  return isLetter(code) || isDigit(code) || code === 95; // _
}

/** Only these four separate tokens; any other space character is an unknown token. */
function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** Splits `input` into tokens, always ending with one `eof` token. Never throws. */
export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  const length = input.length;
  const push = (kind: TokenKind, start: number, end: number): void => {
    tokens.push({ kind, text: input.slice(start, end), start, end });
  };
  while (position < length) {
    const code = input.charCodeAt(position);
    const start = position;
    if (isWhitespace(code)) {
      position++;
      continue;
    }
    if (isLetter(code)) {
      while (position < length && isWordCharacter(input.charCodeAt(position))) position++;
      const word = input.slice(start, position);
      push(KEYWORDS.has(word.toUpperCase()) ? 'keyword' : 'identifier', start, position);
      continue;
    }
    if ((code === 35 || code === 58) && position + 1 < length && isWordCharacter(input.charCodeAt(position + 1))) {
      // `#name` / `:value`: the sigil followed by letters, digits or underscores.
      position++;
      while (position < length && isWordCharacter(input.charCodeAt(position))) position++;
      push(code === 35 ? 'name' : 'value', start, position);
      continue;
    }
    if (isDigit(code)) {
      // `0` alone, or digits without a leading zero: `01` is the two tokens `0` and `1`.
      position++;
      if (code !== 48) while (position < length && isDigit(input.charCodeAt(position))) position++;
      push('number', start, position);
      continue;
    }
    const pair = input.slice(position, position + 2);
    if (TWO_CHARACTER_PUNCTUATION.has(pair)) {
      position += 2;
      push('punctuation', start, position);
      continue;
    }
    position++;
    push(ONE_CHARACTER_PUNCTUATION.has(input[start]) ? 'punctuation' : 'unknown', start, position);
  }
  tokens.push({ kind: 'eof', text: '<EOF>', start: length, end: length });
  return tokens;
}

/** Whether `token` is the keyword `word` (given in upper case). */
export function isKeyword(token: Token, word: string): boolean {
  return token.kind === 'keyword' && token.text.toUpperCase() === word;
}
