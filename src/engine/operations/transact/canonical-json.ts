/**
 * JSON with object keys sorted, so that the same request always gives the same text: the
 * text a `ClientRequestToken`'s request hash is taken of (stored, so it must never change).
 * Members that are `undefined` are left out; an array element with no JSON form is written
 * as nothing, as `Array.prototype.join` writes it; a value with no JSON form at all gives
 * `undefined`. A writer of its own each call: the engine keeps one instead
 * ({@link CanonicalJsonWriter}).
 */
export function canonicalJson(value: unknown): string | undefined {
  return new CanonicalJsonWriter().write(value);
}

/** Keys the writer's stack keeps room for between calls (see {@link CanonicalJsonWriter}). */
const keptKeys = 256;
/** `"key":` prefixes a writer keeps, of each of its two kinds. */
const maximumCachedPrefixes = 1000;

/** A string JSON writes as it is between quotes: no quote, backslash, control character or surrogate. */
const needsEscaping = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Beyond this many keys an object's keys are sorted by `Array.prototype.sort` (insertion sort is quadratic). */
const insertionSortLimit = 16;

/**
 * Arrays and objects nested deeper than this are written by {@link deepText}, which keeps
 * its own stack: the members DynamoDB ignores are hashed too, and JSON.parse hands over
 * ignored junk nested 100,000 levels, which the recursion here would not survive. Every
 * value DynamoDB reads was already checked to nest at most 32 levels.
 */
const recursionLimit = 256;

/** Text written as it is, among the values on {@link deepText}'s stack. */
class Verbatim {
  constructor(readonly text: string) {}
}

/**
 * Writes canonical JSON (see {@link canonicalJson}). Every TransactWriteItems from an SDK
 * carries a token, so this runs on each: the keys of every object are sorted in place on
 * the writer's one stack (no array per object), each member adds one kept `"key":` prefix
 * and its value to the text, and a string that needs no escaping is quoted without
 * `JSON.stringify`. An engine keeps one writer (its caches); a write is synchronous and
 * starts from an empty stack, so nothing of one call reaches the next but the prefixes.
 *
 * @example
 * new CanonicalJsonWriter().write({ b: 1, a: [true] }); // → '{"a":[true],"b":1}'
 */
export class CanonicalJsonWriter {
  /**
   * The keys of the objects being written, innermost last, each object's sorted in place;
   * `keyCount` of them are in use. The array keeps its length between objects and calls
   * (setting an array's length is a slow call) unless a wide request grew it past `keptKeys`.
   */
  private readonly keyStack: string[] = [];
  private keyCount = 0;
  /** `"key":` and `,"key":` for the keys seen; the same few (`Put`, `Item`, `S`, attribute names) come back on every request. */
  private readonly firstPrefixes = new Map<string, string>();
  private readonly nextPrefixes = new Map<string, string>();

  /** The canonical JSON of `value` (`undefined` when it has no JSON form). */
  write(value: unknown): string | undefined {
    this.keyCount = 0;
    const json = this.canonicalText(value, 0);
    if (this.keyStack.length > keptKeys) this.keyStack.length = 0;
    return json;
  }

  /** Drops the kept prefixes and the stack's room. */
  clear(): void {
    this.keyStack.length = 0;
    this.keyCount = 0;
    this.firstPrefixes.clear();
    this.nextPrefixes.clear();
  }

  private canonicalText(value: unknown, depth: number): string {
    if (typeof value === 'string') return needsEscaping.test(value) ? JSON.stringify(value) : `"${value}"`;
    if (value !== null && typeof value === 'object' && depth >= recursionLimit) return this.deepText(value);
    if (Array.isArray(value)) return this.arrayText(value, depth + 1);
    if (value !== null && typeof value === 'object')
      return this.objectText(value as Record<string, unknown>, depth + 1);
    return JSON.stringify(value);
  }

  private arrayText(elements: readonly unknown[], depth: number): string {
    let json = '[';
    for (let index = 0; index < elements.length; index++) {
      if (index > 0) json += ',';
      json += this.canonicalText(elements[index], depth) ?? '';
    }
    return `${json}]`;
  }

  /**
   * What {@link canonicalText} writes, without recursion: a stack of values still to write
   * and of punctuation between them, taken from the end.
   */
  private deepText(root: object): string {
    let json = '';
    const pending: unknown[] = [root];
    while (pending.length > 0) {
      const value = pending.pop();
      if (value instanceof Verbatim) {
        json += value.text;
      } else if (Array.isArray(value)) {
        json += '[';
        pending.push(new Verbatim(']'));
        for (let index = value.length - 1; index >= 0; index--) {
          // An element with no JSON form is written as nothing, as `join` writes it.
          const element: unknown = value[index];
          if (element !== undefined && typeof element !== 'function' && typeof element !== 'symbol')
            pending.push(element);
          if (index > 0) pending.push(new Verbatim(','));
        }
      } else if (value !== null && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        const keys = Object.keys(record).sort();
        json += '{';
        pending.push(new Verbatim('}'));
        let first = true;
        const members: unknown[] = [];
        for (const key of keys) {
          if (record[key] === undefined) continue;
          members.push(new Verbatim(first ? this.memberPrefix(key) : this.nextMemberPrefix(key)), record[key]);
          first = false;
        }
        for (let index = members.length - 1; index >= 0; index--) pending.push(members[index]);
      } else {
        json += this.canonicalText(value, 0);
      }
    }
    return json;
  }

  private objectText(record: Record<string, unknown>, depth: number): string {
    const start = this.keyCount;
    this.pushOwnKeys(record);
    const end = this.keyCount;
    this.sortKeys(start, end);
    let json = '{';
    for (let position = start; position < end; position++) {
      const key = this.keyStack[position];
      const member = record[key];
      if (member === undefined) continue;
      json += json.length === 1 ? this.memberPrefix(key) : this.nextMemberPrefix(key);
      json += this.canonicalText(member, depth);
    }
    this.keyCount = start;
    return `${json}}`;
  }

  /**
   * Pushes the own enumerable string keys, as `Object.keys` lists them. `for…in` reads
   * V8's cached key list without building an array; it also lists inherited enumerable
   * keys, so an object whose prototype is not a plain one goes through `Object.keys`.
   */
  private pushOwnKeys(record: Record<string, unknown>): void {
    const prototype = Object.getPrototypeOf(record) as unknown;
    if (prototype === Object.prototype || prototype === null) {
      for (const key in record) this.keyStack[this.keyCount++] = key;
    } else {
      for (const key of Object.keys(record)) this.keyStack[this.keyCount++] = key;
    }
  }

  /** Sorts `this.keyStack[start, end)` as `Array.prototype.sort` sorts strings (by UTF-16 code units). */
  private sortKeys(start: number, end: number): void {
    if (end - start > insertionSortLimit) {
      const sorted = this.keyStack.slice(start, end).sort();
      for (let offset = 0; offset < sorted.length; offset++) this.keyStack[start + offset] = sorted[offset];
      return;
    }
    for (let position = start + 1; position < end; position++) {
      const key = this.keyStack[position];
      let before = position - 1;
      while (before >= start && this.keyStack[before] > key) {
        this.keyStack[before + 1] = this.keyStack[before];
        before--;
      }
      this.keyStack[before + 1] = key;
    }
  }

  private memberPrefix(key: string): string {
    let prefix = this.firstPrefixes.get(key);
    if (prefix === undefined) {
      prefix = `${JSON.stringify(key)}:`;
      if (this.firstPrefixes.size < maximumCachedPrefixes) this.firstPrefixes.set(key, prefix);
    }
    return prefix;
  }

  private nextMemberPrefix(key: string): string {
    let prefix = this.nextPrefixes.get(key);
    if (prefix === undefined) {
      prefix = `,${JSON.stringify(key)}:`;
      if (this.nextPrefixes.size < maximumCachedPrefixes) this.nextPrefixes.set(key, prefix);
    }
    return prefix;
  }
}
