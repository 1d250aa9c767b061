import type { AttributeValue, Item } from '../values/attribute-value.js';

/*
 * Stored items are `JSON.stringify` of wire-format items: no whitespace, attribute values
 * of one member each, strings for S/N/B, booleans for BOOL/NULL. When the text holds no
 * backslash, no string in it has an escape, so every string is exactly the characters
 * between two quotes: cutting them out (`slice`, which shares the text's memory instead
 * of copying) and building the objects here takes about a third of `JSON.parse`'s time.
 * Any other text, or anything unexpected met on the way, is left to `JSON.parse`.
 */

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LETTER_B = 0x42;
const LETTER_L = 0x4c;
const LETTER_M = 0x4d;
const LETTER_N = 0x4e;
const LETTER_S = 0x53;

/** Attribute names of the last item parsed, by position (see readTopLevelName). */
const RECENT_NAMES = 64;
const recentNames: (string | undefined)[] = new Array<string | undefined>(RECENT_NAMES).fill(undefined);
/** Whether `recentNames[ordinal]` is a property key already (see propertyKeyOf): names are made keys once seen twice. */
const recentNameIsKey: boolean[] = new Array<boolean>(RECENT_NAMES).fill(false);

/** Thrown inside the reader when the text is not in the expected form (caught below). */
const UNEXPECTED = new Error('unexpected stored item text');

/**
 * `JSON.parse(text)` of a stored item, equal in every observable way (members, their
 * order, own `__proto__` members, prototypes). Strings may share memory with `text`.
 */
export function parseStoredItem(text: string): Item {
  return (readStoredText(text, undefined) as Item | undefined) ?? (JSON.parse(text) as Item);
}

/** Base64 text to bytes, as the AWS SDK's configured `base64Decoder` does it. */
export type BinaryDecoder = (text: string) => Uint8Array;

/**
 * A stored item as the AWS SDK's reader leaves it once it has read an answer holding it
 * (`B` values through `decodeBinary`, `BS` lists mapped through it), in one pass instead of
 * a parse then a conversion. `undefined` for text the fast reader does not read, and for
 * an attribute named `__proto__` (a member the SDK's reader treats specially): the caller
 * then parses and converts the item as usual.
 */
export function readStoredItemWithBinaries(text: string, decodeBinary: BinaryDecoder): Record<string, unknown> | undefined {
  return readStoredText(text, decodeBinary);
}

/** The fast reader's item, or `undefined` where it gives up (escapes, an unexpected form). */
function readStoredText(text: string, decodeBinary: BinaryDecoder | undefined): Record<string, unknown> | undefined {
  if (text.indexOf('\\') !== -1) return undefined;
  const reader = new StoredItemReader(text, decodeBinary);
  try {
    const item = reader.readMap();
    return reader.position === text.length ? item : undefined;
  } catch (error) {
    if (error !== UNEXPECTED) throw error;
    return undefined;
  }
}

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
function storeAttribute(item: Record<string, AttributeValue>, ordinal: number, name: string, value: AttributeValue): void {
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

class StoredItemReader {
  position = 0;

  constructor(
    private readonly text: string,
    /** When given, binaries are read as the AWS SDK's reader leaves them (readStoredItemWithBinaries). */
    private readonly decodeBinary: BinaryDecoder | undefined,
  ) {}

  /** `{"name":<attribute value>,...}`: an item, or the members of an `M`. */
  readMap(): Record<string, AttributeValue> {
    const text = this.text;
    this.expect(OPEN_BRACE);
    const map: Record<string, AttributeValue> = {};
    if (text.charCodeAt(this.position) === CLOSE_BRACE) {
      this.position++;
      return map;
    }
    const topLevel = this.position === 1;
    for (let ordinal = 0; ; ordinal++) {
      const name = topLevel ? this.readTopLevelName(ordinal) : this.readString();
      this.expect(COLON);
      const value = this.readAttributeValue();
      // As JSON.parse, `__proto__` is an own member, not the prototype.
      if (name === '__proto__') {
        // The SDK's reader empties an item's `__proto__` member: that is left to its usual conversion.
        if (topLevel && this.decodeBinary) throw UNEXPECTED;
        Object.defineProperty(map, name, { value, writable: true, enumerable: true, configurable: true });
      } else if (topLevel) {
        storeAttribute(map, ordinal, name, value);
      } else {
        map[name] = value;
      }
      const next = text.charCodeAt(this.position++);
      if (next === CLOSE_BRACE) return map;
      if (next !== COMMA) throw UNEXPECTED;
    }
  }

  /** `{"<type>":<value>}`, built with the member literal so every value of a type shares one shape. */
  private readAttributeValue(): AttributeValue {
    const text = this.text;
    const start = this.position;
    if (text.charCodeAt(start) !== OPEN_BRACE || text.charCodeAt(start + 1) !== QUOTE) throw UNEXPECTED;
    let value: AttributeValue;
    // Called as the SDK's reader calls it: as a plain function, not a method of the reader.
    const decodeBinary = this.decodeBinary;
    // One-letter types (most values): `{"S":` is five characters.
    if (text.charCodeAt(start + 3) === QUOTE) {
      if (text.charCodeAt(start + 4) !== COLON) throw UNEXPECTED;
      this.position = start + 5;
      switch (text.charCodeAt(start + 2)) {
        case LETTER_S:
          value = { S: this.readString() };
          break;
        case LETTER_N:
          value = { N: this.readString() };
          break;
        case LETTER_B:
          value = decodeBinary ? ({ B: decodeBinary(this.readString()) } as unknown as AttributeValue) : { B: this.readString() };
          break;
        case LETTER_L:
          value = { L: this.readList() };
          break;
        case LETTER_M:
          value = { M: this.readMap() };
          break;
        default:
          throw UNEXPECTED;
      }
    } else {
      const end = text.indexOf('"', start + 2);
      if (end === -1 || text.charCodeAt(end + 1) !== COLON) throw UNEXPECTED;
      const type = text.slice(start + 2, end);
      this.position = end + 2;
      switch (type) {
        case 'SS':
          value = { SS: this.readStrings() };
          break;
        case 'NS':
          value = { NS: this.readStrings() };
          break;
        case 'BS':
          // `map` hands the decoder (item, index, array), as the SDK's reader does.
          value = decodeBinary
            ? ({ BS: this.readStrings().map(decodeBinary as (item: unknown) => Uint8Array) } as unknown as AttributeValue)
            : { BS: this.readStrings() };
          break;
        case 'BOOL':
          value = { BOOL: this.readBoolean() };
          break;
        case 'NULL':
          value = { NULL: this.readBoolean() } as AttributeValue;
          break;
        default:
          throw UNEXPECTED;
      }
    }
    if (text.charCodeAt(this.position) !== CLOSE_BRACE) throw UNEXPECTED;
    this.position++;
    return value;
  }

  /**
   * The name of an item's attribute number `ordinal`. Items of a table mostly name their
   * attributes alike, in the same order: when the text holds the name the previous item
   * had there, that string is reused (made a property key once it recurs), sparing a new
   * string and, for V8, the lookup that turns a string into a property key on every store.
   */
  private readTopLevelName(ordinal: number): string {
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

  /** `"..."`, with no escape in it (the text has no backslash). */
  private readString(): string {
    const text = this.text;
    const start = this.position;
    if (text.charCodeAt(start) !== QUOTE) throw UNEXPECTED;
    const end = text.indexOf('"', start + 1);
    if (end === -1) throw UNEXPECTED;
    this.position = end + 1;
    return text.slice(start + 1, end);
  }

  private readStrings(): string[] {
    const text = this.text;
    this.expect(OPEN_BRACKET);
    const strings: string[] = [];
    if (text.charCodeAt(this.position) === CLOSE_BRACKET) {
      this.position++;
      return strings;
    }
    for (;;) {
      strings.push(this.readString());
      const next = text.charCodeAt(this.position++);
      if (next === CLOSE_BRACKET) return strings;
      if (next !== COMMA) throw UNEXPECTED;
    }
  }

  private readList(): AttributeValue[] {
    const text = this.text;
    this.expect(OPEN_BRACKET);
    const list: AttributeValue[] = [];
    if (text.charCodeAt(this.position) === CLOSE_BRACKET) {
      this.position++;
      return list;
    }
    for (;;) {
      list.push(this.readAttributeValue());
      const next = text.charCodeAt(this.position++);
      if (next === CLOSE_BRACKET) return list;
      if (next !== COMMA) throw UNEXPECTED;
    }
  }

  private readBoolean(): boolean {
    const text = this.text;
    if (text.startsWith('true', this.position)) {
      this.position += 4;
      return true;
    }
    if (text.startsWith('false', this.position)) {
      this.position += 5;
      return false;
    }
    throw UNEXPECTED;
  }

  private expect(code: number): void {
    if (this.text.charCodeAt(this.position) !== code) throw UNEXPECTED;
    this.position++;
  }
}
