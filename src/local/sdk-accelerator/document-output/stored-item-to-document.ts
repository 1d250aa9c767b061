import { convertToNative } from './util-dynamodb-of-lib-dynamodb.js';
import type { StoredItem } from '../../../engine/answer.js';
import type { BinaryDecoder } from '../fast-wire/stored-item-to-output.js';

/**
 * A stored item as a DocumentClient call hands it to the caller: what the SDK's reader
 * (binaries through `decodeBinary`) and then `@aws-sdk/lib-dynamodb`'s unmarshalling
 * (`unmarshall` of each attribute value, with numbers as JavaScript numbers) make of it,
 * read from the stored text in one pass. Only for unmarshall options without `wrapNumbers`
 * (document-unmarshall.ts checks that). `undefined` where the reader gives up: text the
 * engine's reader does not read (escapes), and any member named `__proto__`, which the SDK's
 * unmarshalling stores by assignment (setting the prototype); the caller then takes the
 * usual path.
 *
 * @example
 * // row stored as '{"pk":{"S":"a"},"n":{"N":"1.5"}}'
 * readStoredItemAsDocument(row, decode); // { pk: 'a', n: 1.5 }
 */
export function readStoredItemAsDocument(
  item: StoredItem,
  decodeBinary: BinaryDecoder,
): Record<string, unknown> | undefined {
  return item.read(new DocumentValues(decodeBinary));
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

/** Attribute values as `convertToNative` gives them. */
class DocumentValues {
  constructor(private readonly decodeBinary: BinaryDecoder) {}

  string(text: string): unknown {
    return text;
  }

  number(text: string): unknown {
    return numberOf(text);
  }

  binary(base64: string): unknown {
    // Called as the SDK's reader calls it: as a plain function, not a method.
    const decodeBinary = this.decodeBinary;
    return decodeBinary(base64);
  }

  boolean(value: boolean): unknown {
    return value;
  }

  null(): unknown {
    return null;
  }

  strings(texts: string[]): unknown {
    return new Set(texts);
  }

  numbers(texts: string[]): unknown {
    return new Set(texts.map(numberOf));
  }

  binaries(texts: string[]): unknown {
    // `map` hands the decoder (item, index, array), as the SDK's reader does.
    return new Set(texts.map(this.decodeBinary as (item: unknown) => Uint8Array));
  }

  list(elements: unknown[]): unknown {
    return elements;
  }

  map(members: Record<string, unknown>): unknown {
    return members;
  }

  ownProtoMember(): boolean {
    return false;
  }
}
