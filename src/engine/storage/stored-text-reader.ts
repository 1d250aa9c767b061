/*
 * The lexical half of reading a stored item: stored items are `JSON.stringify` of wire-format
 * items, so no whitespace, attribute values of one member each, strings for S/N/B, booleans
 * for BOOL/NULL. When the text holds no backslash, no string in it has an escape, so every
 * string is exactly the characters between two quotes: cutting them out (`slice`, which
 * shares the text's memory instead of copying) is all a string costs. Readers that build
 * one form of item or another (stored-item-parser.ts: wire objects; the in-process client's
 * document reader: plain values) extend `StoredTextReader` and throw `UNEXPECTED_TEXT` on
 * anything outside that form, leaving it to `JSON.parse`.
 */

export const QUOTE = 0x22;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const LETTER_B = 0x42;
export const LETTER_L = 0x4c;
export const LETTER_M = 0x4d;
export const LETTER_N = 0x4e;
export const LETTER_S = 0x53;

/** Thrown inside a reader when the text is not in the expected form (caught by `readWhole`). */
export const UNEXPECTED_TEXT = new Error('unexpected stored item text');

/** Attribute names of the last item read, by position (see readTopLevelName). */
const RECENT_NAMES = 64;
const recentNames: (string | undefined)[] = new Array<string | undefined>(RECENT_NAMES).fill(undefined);
/** Whether `recentNames[ordinal]` is a property key already (see propertyKeyOf): names are made keys once seen twice. */
const recentNameIsKey: boolean[] = new Array<boolean>(RECENT_NAMES).fill(false);

/**
 * `name` as V8 holds property names (internalized): a store under such a string is matched
 * by identity, where any other string is first looked up by its characters, on every store.
 * Making one costs several stores' worth, hence only for names that recur.
 */
function propertyKeyOf(name: string): string {
  for (const key in { [name]: 0 }) return key;
  return name;
}

/**
 * `item[name] = value` for an item's attribute number `ordinal`. V8 speeds a store up per
 * place in the code, for the names and object shapes met there: with one place per
 * position (for the first few), each meets the one name the items of a table hold there,
 * where a single place meets them all and takes a slower, generic path.
 */
export function storeAttribute(item: Record<string, unknown>, ordinal: number, name: string, value: unknown): void {
  switch (ordinal) {
    case 0:
      item[name] = value;
      return;
    case 1:
      item[name] = value;
      return;
    case 2:
      item[name] = value;
      return;
    case 3:
      item[name] = value;
      return;
    case 4:
      item[name] = value;
      return;
    case 5:
      item[name] = value;
      return;
    case 6:
      item[name] = value;
      return;
    case 7:
      item[name] = value;
      return;
    case 8:
      item[name] = value;
      return;
    case 9:
      item[name] = value;
      return;
    default:
      item[name] = value;
  }
}

export abstract class StoredTextReader<Item> {
  position: number;

  /** Reads the item that `text` holds from `start` to its end. */
  constructor(
    protected readonly text: string,
    start: number,
  ) {
    this.position = start;
  }

  /** The item the text holds from the reader's position, as `readItem` builds it. */
  protected abstract readItem(): Item;

  /** The reader's item, or `undefined` where it gives up (escapes, an unexpected form). */
  readWhole(): Item | undefined {
    const text = this.text;
    if (text.indexOf('\\', this.position) !== -1) return undefined;
    try {
      const item = this.readItem();
      return this.position === text.length ? item : undefined;
    } catch (error) {
      if (error !== UNEXPECTED_TEXT) throw error;
      return undefined;
    }
  }

  /**
   * The name of an item's attribute number `ordinal`. Items of a table mostly name their
   * attributes alike, in the same order: when the text holds the name the previous item
   * had there, that string is reused (made a property key once it recurs), sparing a new
   * string and, for V8, the lookup that turns a string into a property key on every store.
   */
  protected readTopLevelName(ordinal: number): string {
    const text = this.text;
    const start = this.position;
    const expected = recentNames[ordinal];
    if (
      expected !== undefined &&
      text.charCodeAt(start) === QUOTE &&
      text.startsWith(expected, start + 1) &&
      text.charCodeAt(start + 1 + expected.length) === QUOTE
    ) {
      this.position = start + expected.length + 2;
      if (recentNameIsKey[ordinal]) return expected;
      const key = propertyKeyOf(expected);
      recentNames[ordinal] = key;
      recentNameIsKey[ordinal] = true;
      return key;
    }
    const name = this.readString();
    if (ordinal < RECENT_NAMES) {
      recentNames[ordinal] = name;
      recentNameIsKey[ordinal] = false;
    }
    return name;
  }

  /**
   * The start of an attribute value, `{"<type>":`, leaving the reader at the value: the
   * type's letter for one-letter types, else 0 with the type in `longType`.
   */
  protected readTypeTag(): number {
    const text = this.text;
    const start = this.position;
    if (text.charCodeAt(start) !== OPEN_BRACE || text.charCodeAt(start + 1) !== QUOTE) throw UNEXPECTED_TEXT;
    // One-letter types (most values): `{"S":` is five characters.
    if (text.charCodeAt(start + 3) === QUOTE) {
      if (text.charCodeAt(start + 4) !== COLON) throw UNEXPECTED_TEXT;
      this.position = start + 5;
      return text.charCodeAt(start + 2);
    }
    const end = text.indexOf('"', start + 2);
    if (end === -1 || text.charCodeAt(end + 1) !== COLON) throw UNEXPECTED_TEXT;
    this.longType = text.slice(start + 2, end);
    this.position = end + 2;
    return 0;
  }

  /** The type of the value `readTypeTag` last met, when it is longer than a letter (SS, NS, BS, BOOL, NULL). */
  protected longType = '';

  /** The `}` that closes an attribute value. */
  protected closeValue(): void {
    if (this.text.charCodeAt(this.position) !== CLOSE_BRACE) throw UNEXPECTED_TEXT;
    this.position++;
  }

  /** `"..."`, with no escape in it (the text has no backslash). */
  protected readString(): string {
    const text = this.text;
    const start = this.position;
    if (text.charCodeAt(start) !== QUOTE) throw UNEXPECTED_TEXT;
    const end = text.indexOf('"', start + 1);
    if (end === -1) throw UNEXPECTED_TEXT;
    this.position = end + 1;
    return text.slice(start + 1, end);
  }

  protected readStrings(): string[] {
    return this.readArray(() => this.readString());
  }

  /** `[<element>,...]`, each element read by `readElement`. */
  protected readArray<Element>(readElement: () => Element): Element[] {
    const text = this.text;
    this.expect(OPEN_BRACKET);
    const elements: Element[] = [];
    if (text.charCodeAt(this.position) === CLOSE_BRACKET) {
      this.position++;
      return elements;
    }
    for (;;) {
      elements.push(readElement());
      const next = text.charCodeAt(this.position++);
      if (next === CLOSE_BRACKET) return elements;
      if (next !== COMMA) throw UNEXPECTED_TEXT;
    }
  }

  protected readBoolean(): boolean {
    const text = this.text;
    if (text.startsWith('true', this.position)) {
      this.position += 4;
      return true;
    }
    if (text.startsWith('false', this.position)) {
      this.position += 5;
      return false;
    }
    throw UNEXPECTED_TEXT;
  }

  protected expect(code: number): void {
    if (this.text.charCodeAt(this.position) !== code) throw UNEXPECTED_TEXT;
    this.position++;
  }
}
