import { GIVE_UP, type StoredItemVisitor } from './stored-item-visitor.js';

/*
 * Reading a stored item: stored items are `JSON.stringify` of wire-format items, so no
 * whitespace, attribute values of one member each, strings for S/N/B, booleans for
 * BOOL/NULL. When the text holds no backslash, no string in it has an escape, so every
 * string is exactly the characters between two quotes: cutting them out (`slice`, which
 * shares the text's memory instead of copying) is all a string costs. The reader lexes;
 * a visitor (stored-item-visitor.ts) builds the values, in whatever form its caller wants
 * (stored-item-parser.ts: wire objects). Anything outside that form gives up, leaving the
 * item to `JSON.parse`.
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

/** How many leading attribute names an {@link AttributeNameMemo} keeps. */
const RECENT_NAMES = 64;

/**
 * The attribute names of the last item read, by position: items of a table mostly name
 * their attributes alike, in the same order, so the next item's names are checked against
 * these first (see readTopLevelName). Scratch state of one owner (a storage, a page of
 * stream records): a read that is given none reads every name afresh.
 */
export class AttributeNameMemo {
  readonly names: (string | undefined)[] = new Array<string | undefined>(RECENT_NAMES).fill(undefined);
  /** Whether `names[ordinal]` is a property key already (see propertyKeyOf): names are made keys once seen twice. */
  readonly isKey: boolean[] = new Array<boolean>(RECENT_NAMES).fill(false);
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
function storeAttribute(item: Record<string, unknown>, ordinal: number, name: string, value: unknown): void {
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

/**
 * The item `text` holds from `start` to its end, its values built by `visitor`, or
 * `undefined` where the reader gives up (escapes, an unexpected form, the visitor's
 * {@link GIVE_UP}). With `names`, attribute names recurring from the previous item read
 * with the same memo are reused.
 */
export function readStoredItem<Value>(
  text: string,
  start: number,
  visitor: StoredItemVisitor<Value>,
  names: AttributeNameMemo | undefined,
): Record<string, Value> | undefined {
  if (text.indexOf('\\', start) !== -1) return undefined;
  const reader = new StoredTextReader<Value>(text, start, visitor, names);
  try {
    const item = reader.readMap(true);
    return reader.position === text.length ? item : undefined;
  } catch (error) {
    if (error !== GIVE_UP) throw error;
    return undefined;
  }
}

class StoredTextReader<Value> {
  position: number;

  constructor(
    private readonly text: string,
    start: number,
    private readonly visitor: StoredItemVisitor<Value>,
    private readonly names: AttributeNameMemo | undefined,
  ) {
    this.position = start;
  }

  /** `{"name":<attribute value>,...}`: an item (`topLevel`), or the members of an `M`. */
  readMap(topLevel: boolean): Record<string, Value> {
    const text = this.text;
    this.expect(OPEN_BRACE);
    const map: Record<string, Value> = {};
    if (text.charCodeAt(this.position) === CLOSE_BRACE) {
      this.position++;
      return map;
    }
    for (let ordinal = 0; ; ordinal++) {
      const name = topLevel ? this.readTopLevelName(ordinal) : this.readString();
      // Asked before the value is built, so a visitor that gives up builds nothing of it.
      const ownProto = name === '__proto__' && this.visitor.ownProtoMember(topLevel);
      if (name === '__proto__' && !ownProto) throw GIVE_UP;
      this.expect(COLON);
      const value = this.readAttributeValue();
      // As JSON.parse, `__proto__` is an own member, not the prototype.
      if (ownProto) {
        Object.defineProperty(map, name, { value, writable: true, enumerable: true, configurable: true });
      } else if (topLevel) {
        storeAttribute(map, ordinal, name, value);
      } else {
        map[name] = value;
      }
      const next = text.charCodeAt(this.position++);
      if (next === CLOSE_BRACE) return map;
      if (next !== COMMA) throw GIVE_UP;
    }
  }

  /**
   * The name of an item's attribute number `ordinal`: when the text holds the name the
   * previous item had there, that string is reused (made a property key once it recurs),
   * sparing a new string and, for V8, the lookup that turns a string into a property key
   * on every store.
   */
  private readTopLevelName(ordinal: number): string {
    const names = this.names;
    if (names === undefined) return this.readString();
    const text = this.text;
    const start = this.position;
    const expected = names.names[ordinal];
    if (
      expected !== undefined &&
      text.charCodeAt(start) === QUOTE &&
      text.startsWith(expected, start + 1) &&
      text.charCodeAt(start + 1 + expected.length) === QUOTE
    ) {
      this.position = start + expected.length + 2;
      if (names.isKey[ordinal]) return expected;
      const key = propertyKeyOf(expected);
      names.names[ordinal] = key;
      names.isKey[ordinal] = true;
      return key;
    }
    const name = this.readString();
    if (ordinal < RECENT_NAMES) {
      names.names[ordinal] = name;
      names.isKey[ordinal] = false;
    }
    return name;
  }

  /** `{"<type>":<value>}`, the value built by the visitor. */
  private readAttributeValue(): Value {
    const text = this.text;
    const start = this.position;
    if (text.charCodeAt(start) !== OPEN_BRACE || text.charCodeAt(start + 1) !== QUOTE) throw GIVE_UP;
    let value: Value;
    // One-letter types (most values): `{"S":` is five characters.
    if (text.charCodeAt(start + 3) === QUOTE) {
      if (text.charCodeAt(start + 4) !== COLON) throw GIVE_UP;
      this.position = start + 5;
      switch (text.charCodeAt(start + 2)) {
        case LETTER_S:
          value = this.visitor.string(this.readString());
          break;
        case LETTER_N:
          value = this.visitor.number(this.readString());
          break;
        case LETTER_B:
          value = this.visitor.binary(this.readString());
          break;
        case LETTER_L:
          value = this.visitor.list(this.readList());
          break;
        case LETTER_M:
          value = this.visitor.map(this.readMap(false));
          break;
        default:
          throw GIVE_UP;
      }
    } else {
      const end = text.indexOf('"', start + 2);
      if (end === -1 || text.charCodeAt(end + 1) !== COLON) throw GIVE_UP;
      this.position = end + 2;
      value = this.readLongTypeValue(text.slice(start + 2, end));
    }
    if (text.charCodeAt(this.position) !== CLOSE_BRACE) throw GIVE_UP;
    this.position++;
    return value;
  }

  /** The value of a type longer than a letter (SS, NS, BS, BOOL, NULL). */
  private readLongTypeValue(type: string): Value {
    switch (type) {
      case 'SS':
        return this.visitor.strings(this.readStrings());
      case 'NS':
        return this.visitor.numbers(this.readStrings());
      case 'BS':
        return this.visitor.binaries(this.readStrings());
      case 'BOOL':
        return this.visitor.boolean(this.readBoolean());
      case 'NULL':
        return this.visitor.null(this.readBoolean());
      default:
        throw GIVE_UP;
    }
  }

  /** `"..."`, with no escape in it (the text has no backslash). */
  private readString(): string {
    const text = this.text;
    const start = this.position;
    if (text.charCodeAt(start) !== QUOTE) throw GIVE_UP;
    const end = text.indexOf('"', start + 1);
    if (end === -1) throw GIVE_UP;
    this.position = end + 1;
    return text.slice(start + 1, end);
  }

  /** `[<attribute value>,...]`. */
  private readList(): Value[] {
    const text = this.text;
    this.expect(OPEN_BRACKET);
    const elements: Value[] = [];
    if (text.charCodeAt(this.position) === CLOSE_BRACKET) {
      this.position++;
      return elements;
    }
    for (;;) {
      elements.push(this.readAttributeValue());
      const next = text.charCodeAt(this.position++);
      if (next === CLOSE_BRACKET) return elements;
      if (next !== COMMA) throw GIVE_UP;
    }
  }

  /** `["...",...]`. */
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
      if (next !== COMMA) throw GIVE_UP;
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
    throw GIVE_UP;
  }

  private expect(code: number): void {
    if (this.text.charCodeAt(this.position) !== code) throw GIVE_UP;
    this.position++;
  }
}
