/**
 * A JSON number kept as its source text: `JSON.parse` would turn `12345678901234567890123456789`
 * into a double and lose digits, and DynamoDB numbers carry up to 38 significant digits.
 */
export class JsonNumber {
  constructor(readonly text: string) {}
}

export type LosslessJson = null | boolean | string | JsonNumber | LosslessJson[] | { [key: string]: LosslessJson };

/** Invalid JSON text, with the offset where parsing stopped. */
export class LosslessJsonSyntaxError extends Error {
  constructor(
    readonly offset: number,
    reason: string,
  ) {
    super(`${reason} at offset ${offset}`);
    this.name = 'LosslessJsonSyntaxError';
  }
}

/**
 * Parses JSON like `JSON.parse`, but returns numbers as `JsonNumber` (their exact text).
 *
 * @example
 * parseLosslessJson('{"n": 0.1000000000000000000000000000000000001}');
 * // { n: JsonNumber { text: '0.1000000000000000000000000000000000001' } }
 */
export function parseLosslessJson(text: string): LosslessJson {
  const parser = new Parser(text);
  parser.skipWhitespace();
  const value = parser.value(0);
  parser.skipWhitespace();
  if (parser.offset !== text.length) parser.fail('Unexpected text after the JSON value');
  return value;
}

const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const maxDepth = 512;

class Parser {
  offset = 0;
  constructor(private readonly text: string) {}

  fail(reason: string): never {
    throw new LosslessJsonSyntaxError(this.offset, reason);
  }

  skipWhitespace(): void {
    while (this.offset < this.text.length && ' \t\n\r'.includes(this.text[this.offset])) this.offset++;
  }

  value(depth: number): LosslessJson {
    if (depth > maxDepth) this.fail('JSON nested too deeply');
    const char = this.text[this.offset];
    if (char === '{') return this.object(depth);
    if (char === '[') return this.array(depth);
    if (char === '"') return this.string();
    if (char === '-' || (char >= '0' && char <= '9')) return this.number();
    for (const [word, result] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, this.offset)) {
        this.offset += word.length;
        return result;
      }
    }
    return this.fail(char === undefined ? 'Unexpected end of JSON' : `Unexpected character ${JSON.stringify(char)}`);
  }

  private object(depth: number): { [key: string]: LosslessJson } {
    const result: { [key: string]: LosslessJson } = {};
    this.members('}', () => {
      if (this.text[this.offset] !== '"') this.fail('Expected a property name');
      const key = this.string();
      this.skipWhitespace();
      this.expect(':');
      this.skipWhitespace();
      // defineProperty so that a "__proto__" key stays an ordinary property.
      Object.defineProperty(result, key, {
        value: this.value(depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    });
    return result;
  }

  private array(depth: number): LosslessJson[] {
    const result: LosslessJson[] = [];
    this.members(']', () => {
      result.push(this.value(depth + 1));
    });
    return result;
  }

  /** Reads the comma-separated members of an object or array, from its opening bracket to `close`. */
  private members(close: '}' | ']', readMember: () => void): void {
    this.offset++;
    this.skipWhitespace();
    if (this.text[this.offset] === close) {
      this.offset++;
      return;
    }
    for (;;) {
      this.skipWhitespace();
      readMember();
      this.skipWhitespace();
      if (this.text[this.offset] !== ',') break;
      this.offset++;
    }
    this.expect(close);
  }

  private string(): string {
    // Find the closing quote, then let JSON.parse decode the escapes of this one string.
    const start = this.offset;
    this.offset++;
    for (;;) {
      const char = this.text[this.offset];
      if (char === undefined) this.fail('Unterminated string');
      if (char === '\\') this.offset += 2;
      else if (char === '"') break;
      else this.offset++;
    }
    this.offset++;
    try {
      return JSON.parse(this.text.slice(start, this.offset)) as string;
    } catch {
      this.offset = start;
      return this.fail('Invalid string');
    }
  }

  private number(): JsonNumber {
    numberPattern.lastIndex = this.offset;
    const match = numberPattern.exec(this.text);
    if (!match) this.fail('Invalid number');
    this.offset += match[0].length;
    return new JsonNumber(match[0]);
  }

  private expect(char: string): void {
    if (this.text[this.offset] !== char) this.fail(`Expected ${JSON.stringify(char)}`);
    this.offset++;
  }
}
