import { convertToNative } from './util-dynamodb-of-lib-dynamodb.js';
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
} from '../../../engine/storage/stored-text-reader.js';
import type { BinaryDecoder } from '../../../engine/storage/stored-item-parser.js';

/**
 * A stored item as a DocumentClient call hands it to the caller: what the SDK's reader
 * (binaries through `decodeBinary`) and then `@aws-sdk/lib-dynamodb`'s unmarshalling
 * (`unmarshall` of each attribute value, with numbers as JavaScript numbers) make of it,
 * read from the stored text in one pass. Only for unmarshall options without `wrapNumbers`
 * (document-unmarshall.ts checks that). With `start`, the item is the text from there on
 * (see StoredRow). `undefined` where the reader gives up: text with
 * escapes, and any member named `__proto__`, which the SDK's unmarshalling stores by
 * assignment (setting the prototype); the caller then takes the usual path.
 *
 * @example
 * readStoredItemAsDocument('{"pk":{"S":"a"},"n":{"N":"1.5"}}', decode); // { pk: 'a', n: 1.5 }
 */
export function readStoredItemAsDocument(
  text: string,
  decodeBinary: BinaryDecoder,
  start = 0,
): Record<string, unknown> | undefined {
  return new DocumentItemReader(text, start, decodeBinary).readWhole();
}

/**
 * `convertNumber` of `@aws-sdk/util-dynamodb` without `wrapNumbers`: a safe number as
 * `Number` gives it; anything else (big integers become BigInts, other big numbers throw
 * the SDK's error) by the SDK's own conversion.
 */
function numberOf(text: string): unknown {
  const number = Number(text);
  if (number <= Number.MAX_SAFE_INTEGER && number >= Number.MIN_SAFE_INTEGER) return number;
  return convertToNative({ N: text }, {});
}

class DocumentItemReader extends StoredTextReader<Record<string, unknown>> {
  constructor(
    text: string,
    start: number,
    private readonly decodeBinary: BinaryDecoder,
  ) {
    super(text, start);
  }

  protected readItem(): Record<string, unknown> {
    return this.readMap(true);
  }

  /** `{"name":<attribute value>,...}`: an item (`topLevel`), or the members of an `M`. */
  private readMap(topLevel: boolean): Record<string, unknown> {
    const text = this.text;
    this.expect(OPEN_BRACE);
    const map: Record<string, unknown> = {};
    if (text.charCodeAt(this.position) === CLOSE_BRACE) {
      this.position++;
      return map;
    }
    for (let ordinal = 0; ; ordinal++) {
      const name = topLevel ? this.readTopLevelName(ordinal) : this.readString();
      if (name === '__proto__') throw UNEXPECTED_TEXT;
      this.expect(COLON);
      const value = this.readValue();
      if (topLevel) storeAttribute(map, ordinal, name, value);
      else map[name] = value;
      const next = text.charCodeAt(this.position++);
      if (next === CLOSE_BRACE) return map;
      if (next !== COMMA) throw UNEXPECTED_TEXT;
    }
  }

  /** An attribute value `{"<type>":<value>}` as `convertToNative` gives it. */
  private readValue(): unknown {
    let value: unknown;
    switch (this.readTypeTag()) {
      case LETTER_S:
        value = this.readString();
        break;
      case LETTER_N:
        value = numberOf(this.readString());
        break;
      case LETTER_B:
        value = this.decodeBinary(this.readString());
        break;
      case LETTER_L:
        value = this.readList();
        break;
      case LETTER_M:
        value = this.readMap(false);
        break;
      case 0:
        value = this.readLongTypeValue();
        break;
      default:
        throw UNEXPECTED_TEXT;
    }
    this.closeValue();
    return value;
  }

  private readLongTypeValue(): unknown {
    switch (this.longType) {
      case 'SS':
        return new Set(this.readStrings());
      case 'NS':
        return new Set(this.readStrings().map(numberOf));
      case 'BS':
        // `map` hands the decoder (item, index, array), as the SDK's reader does.
        return new Set(this.readStrings().map(this.decodeBinary as (item: unknown) => Uint8Array));
      case 'BOOL':
        return this.readBoolean();
      case 'NULL':
        this.readBoolean();
        return null;
      default:
        throw UNEXPECTED_TEXT;
    }
  }

  private readList(): unknown[] {
    return this.readArray(() => this.readValue());
  }
}
