import type { AttributeValue } from './attribute-value.js';
import { encodeKeyValue } from './encode-key-value.js';

/*
 * The key column form of a multi-attribute index key (up to four partition or four sort
 * attributes), one BLOB whose byte order (memcmp) is the order of the value tuple: the
 * first attribute, then the second, each by its own type (encodeKeyValue: S by UTF-8
 * bytes, N numerically, B bytewise).
 *
 * Each element is its encodeKeyValue bytes with every 0x00 escaped as 0x00 0xFF, closed by
 * the terminator 0x00 0x01. An element that is a proper prefix of another then sorts
 * first (its terminator is below any continuation byte, and below an escaped 0x00), and
 * elements never bleed into one another, so comparing the concatenations compares the
 * tuples element by element. A prefix of the tuple encodes to a byte prefix of the whole,
 * which is what makes a key condition on the first k sort attributes one range.
 */

const escapedZero = Buffer.from([0x00, 0xff]);
const terminator = Buffer.from([0x00, 0x01]);

function valueBytes(value: AttributeValue): Buffer {
  const encoded = encodeKeyValue(value);
  return typeof encoded === 'string' ? Buffer.from(encoded, 'utf8') : encoded;
}

/** `bytes` with every 0x00 escaped (no terminator): the form a `begins_with` prefix takes. */
export function escapeKeyBytes(bytes: Buffer): Buffer {
  if (!bytes.includes(0)) return bytes;
  const parts: Buffer[] = [];
  let start = 0;
  for (let index = 0; index < bytes.length; index++) {
    if (bytes[index] !== 0) continue;
    parts.push(bytes.subarray(start, index), escapedZero);
    start = index + 1;
  }
  parts.push(bytes.subarray(start));
  return Buffer.concat(parts);
}

/** One element of a composite key: escaped value bytes and the terminator. */
export function encodeCompositeElement(value: AttributeValue): Buffer {
  return Buffer.concat([escapeKeyBytes(valueBytes(value)), terminator]);
}

/**
 * The order-preserving key column form of a tuple of key values (a multi-attribute index
 * key, or a prefix of one).
 *
 * @example
 * Buffer.compare(encodeCompositeKey([{ S: 'a' }, { N: '5' }]), encodeCompositeKey([{ S: 'a' }, { N: '50' }])) // -1
 */
export function encodeCompositeKey(values: readonly AttributeValue[]): Buffer {
  return Buffer.concat(values.map(encodeCompositeElement));
}

/**
 * The bytes a `begins_with` prefix of the last constrained element takes inside a composite
 * key: the element's value bytes escaped, without the terminator (S: UTF-8, B: raw).
 */
export function encodeCompositePrefix(value: AttributeValue): Buffer {
  return escapeKeyBytes(valueBytes(value));
}
