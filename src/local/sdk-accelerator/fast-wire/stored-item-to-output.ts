import type { StoredItem } from '../../../engine/answer.js';

/** Base64 text to bytes, as the AWS SDK's configured `base64Decoder` does it. */
export type BinaryDecoder = (text: string) => Uint8Array;

/**
 * A stored item as the AWS SDK's reader leaves it once it has read an answer holding it
 * (`B` values through `decodeBinary`, `BS` lists mapped through it), in one pass instead of
 * a parse then a conversion. `undefined` where the engine's reader gives up, and for an
 * attribute named `__proto__` (a member the SDK's reader treats specially): the caller
 * then converts the parsed item as usual.
 *
 * @example
 * readStoredItemWithBinaries(row, decode); // { pk: { S: 'a' }, blob: { B: Uint8Array [1, 2] } }
 */
export function readStoredItemWithBinaries(
  item: StoredItem,
  decodeBinary: BinaryDecoder,
): Record<string, unknown> | undefined {
  return item.read(new SdkOutputValues(decodeBinary));
}

/** Attribute values as the SDK's reader leaves them: wire objects with their binaries decoded. */
class SdkOutputValues {
  constructor(private readonly decodeBinary: BinaryDecoder) {}

  string(text: string): unknown {
    return { S: text };
  }

  number(text: string): unknown {
    return { N: text };
  }

  binary(base64: string): unknown {
    // Called as the SDK's reader calls it: as a plain function, not a method.
    const decodeBinary = this.decodeBinary;
    return { B: decodeBinary(base64) };
  }

  boolean(value: boolean): unknown {
    return { BOOL: value };
  }

  null(value: boolean): unknown {
    return { NULL: value };
  }

  strings(texts: string[]): unknown {
    return { SS: texts };
  }

  numbers(texts: string[]): unknown {
    return { NS: texts };
  }

  binaries(texts: string[]): unknown {
    // `map` hands the decoder (item, index, array), as the SDK's reader does.
    return { BS: texts.map(this.decodeBinary as (item: unknown) => Uint8Array) };
  }

  list(elements: unknown[]): unknown {
    return { L: elements };
  }

  map(members: Record<string, unknown>): unknown {
    return { M: members };
  }

  /** The SDK's reader empties an item's `__proto__` member: that is left to its usual conversion. */
  ownProtoMember(topLevel: boolean): boolean {
    return !topLevel;
  }
}
