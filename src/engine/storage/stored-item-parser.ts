import type { AttributeValue, Item } from '../values/attribute-value.js';
import {
  CLOSE_BRACE,
  COLON,
  COMMA,
  LETTER_B,
  LETTER_L,
  LETTER_M,
  LETTER_N,
  LETTER_S,
  OPEN_BRACE,
  StoredTextReader,
  UNEXPECTED_TEXT,
  storeAttribute,
} from './stored-text-reader.js';

/*
 * Stored items read into wire objects. Cutting the strings out of the text and building the
 * objects here (stored-text-reader.ts) takes about a third of `JSON.parse`'s time; any other
 * text, or anything unexpected met on the way, is left to `JSON.parse`.
 */

/**
 * `JSON.parse(text)` of a stored item, equal in every observable way (members, their
 * order, own `__proto__` members, prototypes). Strings may share memory with `text`.
 * With `start`, the item is the text from there on (see StoredRow).
 */
export function parseStoredItem(text: string, start = 0): Item {
  return (
    (new WireItemReader(text, start, undefined).readWhole() as Item | undefined) ??
    (JSON.parse(start === 0 ? text : text.slice(start)) as Item)
  );
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
export function readStoredItemWithBinaries(
  text: string,
  decodeBinary: BinaryDecoder,
  start = 0,
): Record<string, unknown> | undefined {
  return new WireItemReader(text, start, decodeBinary).readWhole();
}

class WireItemReader extends StoredTextReader<Record<string, AttributeValue>> {
  constructor(
    text: string,
    start: number,
    /** When given, binaries are read as the AWS SDK's reader leaves them (readStoredItemWithBinaries). */
    private readonly decodeBinary: BinaryDecoder | undefined,
  ) {
    super(text, start);
  }

  protected readItem(): Record<string, AttributeValue> {
    return this.readMap(true);
  }

  /** `{"name":<attribute value>,...}`: an item (`topLevel`), or the members of an `M`. */
  private readMap(topLevel: boolean): Record<string, AttributeValue> {
    const text = this.text;
    this.expect(OPEN_BRACE);
    const map: Record<string, AttributeValue> = {};
    if (text.charCodeAt(this.position) === CLOSE_BRACE) {
      this.position++;
      return map;
    }
    for (let ordinal = 0; ; ordinal++) {
      const name = topLevel ? this.readTopLevelName(ordinal) : this.readString();
      this.expect(COLON);
      const value = this.readAttributeValue();
      // As JSON.parse, `__proto__` is an own member, not the prototype.
      if (name === '__proto__') {
        // The SDK's reader empties an item's `__proto__` member: that is left to its usual conversion.
        if (topLevel && this.decodeBinary) throw UNEXPECTED_TEXT;
        Object.defineProperty(map, name, { value, writable: true, enumerable: true, configurable: true });
      } else if (topLevel) {
        storeAttribute(map, ordinal, name, value);
      } else {
        map[name] = value;
      }
      const next = text.charCodeAt(this.position++);
      if (next === CLOSE_BRACE) return map;
      if (next !== COMMA) throw UNEXPECTED_TEXT;
    }
  }

  /** `{"<type>":<value>}`, built with the member literal so every value of a type shares one shape. */
  private readAttributeValue(): AttributeValue {
    let value: AttributeValue;
    // Called as the SDK's reader calls it: as a plain function, not a method of the reader.
    const decodeBinary = this.decodeBinary;
    switch (this.readTypeTag()) {
      case LETTER_S:
        value = { S: this.readString() };
        break;
      case LETTER_N:
        value = { N: this.readString() };
        break;
      case LETTER_B:
        value = decodeBinary
          ? ({ B: decodeBinary(this.readString()) } as unknown as AttributeValue)
          : { B: this.readString() };
        break;
      case LETTER_L:
        value = { L: this.readList() };
        break;
      case LETTER_M:
        value = { M: this.readMap(false) };
        break;
      case 0:
        value = this.readLongTypeValue(decodeBinary);
        break;
      default:
        throw UNEXPECTED_TEXT;
    }
    this.closeValue();
    return value;
  }

  private readLongTypeValue(decodeBinary: BinaryDecoder | undefined): AttributeValue {
    switch (this.longType) {
      case 'SS':
        return { SS: this.readStrings() };
      case 'NS':
        return { NS: this.readStrings() };
      case 'BS':
        // `map` hands the decoder (item, index, array), as the SDK's reader does.
        return decodeBinary
          ? ({ BS: this.readStrings().map(decodeBinary as (item: unknown) => Uint8Array) } as unknown as AttributeValue)
          : { BS: this.readStrings() };
      case 'BOOL':
        return { BOOL: this.readBoolean() };
      case 'NULL':
        return { NULL: this.readBoolean() } as AttributeValue;
      default:
        throw UNEXPECTED_TEXT;
    }
  }

  private readList(): AttributeValue[] {
    return this.readArray(() => this.readAttributeValue());
  }
}
