import { typeOf, type AttributeValue } from './attribute-value.js';
import { compareNumbers } from './numbers.js';

/**
 * Orders two strings by their UTF-8 bytes, which is DynamoDB's order for S. JavaScript's
 * `<` compares UTF-16 code units instead and puts U+10000… (surrogate pairs) before
 * U+E000…U+FFFF; comparing code points gives the UTF-8 byte order.
 */
export function compareStrings(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const unitA = a.charCodeAt(index);
    const unitB = b.charCodeAt(index);
    if (unitA === unitB) continue;
    const pointA = a.codePointAt(index) as number;
    const pointB = b.codePointAt(index) as number;
    // Equal units so far, so both differ here at the start of a code point (or both in
    // a surrogate pair's low half, where code units order as code points do).
    if (pointA !== pointB) return pointA < pointB ? -1 : 1;
    return unitA < unitB ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Orders two base64 binaries by their unsigned bytes (DynamoDB's order for B). */
export function compareBinaries(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'base64'), Buffer.from(b, 'base64'));
}

/**
 * Order of two values of the same scalar type, as DynamoDB sorts and compares them:
 * N numerically, S by UTF-8 bytes, B by bytes. Returns negative, zero or positive.
 * Throws a `TypeError` for mixed or non-scalar types: callers decide what a comparison
 * across types means (in conditions it is simply false).
 */
export function compareValues(a: AttributeValue, b: AttributeValue): number {
  if ('N' in a && 'N' in b) return compareNumbers(a.N, b.N);
  if ('S' in a && 'S' in b) return compareStrings(a.S, b.S);
  if ('B' in a && 'B' in b) return compareBinaries(a.B, b.B);
  throw new TypeError(`cannot order ${typeOf(a)} and ${typeOf(b)}`);
}
