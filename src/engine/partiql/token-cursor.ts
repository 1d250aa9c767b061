import { malformedStatement, type ParseFailure } from './errors.js';
import type { Token } from './tokens.js';

/** Reads tokens in order for the statement parsers; keywords match case-insensitively. */
export class TokenCursor {
  private at = 0;
  /** How many `?` were read so far: each one's index in `Parameters`. */
  parameterCount = 0;
  /** Expressions being read inside one another (parse-expression.ts bounds it). */
  expressionNesting = 0;
  /** List, map and bag literals being read inside one another. */
  literalNesting = 0;
  /** Levels of the deepest literal value read, its innermost scalar counted as one. */
  deepestLiteral = 0;
  /** Levels (the name and each step) of the first document path read past 32 levels. */
  firstTooDeepPath: number | undefined;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly text: string,
  ) {}

  /** `message at line:column:length` of a token, as DynamoDB places a construct it refuses. */
  placed(message: string, token: Token): string {
    return `${message} at ${this.positionOf(token)}:${token.kind === 'string' ? token.text.length + 2 : token.text.length}`;
  }

  /** `line:column` of a token (both from 1), as DynamoDB's messages place a construct. */
  positionOf(token: Token): string {
    const before = this.text.slice(0, token.offset);
    const line = before.split('\n').length;
    return `${line}:${token.offset - before.lastIndexOf('\n')}`;
  }

  peek(ahead = 0): Token {
    return this.tokens[Math.min(this.at + ahead, this.tokens.length - 1)] as Token;
  }

  next(): Token {
    const token = this.peek();
    if (this.at < this.tokens.length - 1) this.at++;
    return token;
  }

  /** Whether the next token is this keyword (a bare identifier, any case). */
  isKeyword(keyword: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'identifier' && token.text.toUpperCase() === keyword;
  }

  isPunctuation(text: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'punctuation' && token.text === text;
  }

  acceptKeyword(keyword: string): boolean {
    if (!this.isKeyword(keyword)) return false;
    this.at++;
    return true;
  }

  acceptPunctuation(text: string): boolean {
    if (!this.isPunctuation(text)) return false;
    this.at++;
    return true;
  }

  expectKeyword(keyword: string): void {
    if (!this.acceptKeyword(keyword)) throw this.unexpected(`expected ${keyword}`);
  }

  expectPunctuation(text: string): void {
    if (!this.acceptPunctuation(text)) throw this.unexpected(`expected '${text}'`);
  }

  atEnd(): boolean {
    return this.peek().kind === 'end';
  }

  /** A parse failure at the next token. */
  unexpected(expectation: string): ParseFailure {
    const token = this.peek();
    const found = token.kind === 'end' ? 'end of statement' : `'${token.text}'`;
    return malformedStatement(`Unexpected ${found} at offset ${token.offset}, ${expectation}`);
  }
}
