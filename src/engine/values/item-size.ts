import type { AttributeValue, Item } from './attribute-value.js';
import { isCanonicalInteger, parseNumberSyntax } from './numbers.js';

/** DynamoDB's item size limit: 400 KB, attribute names included. */
export const maximumItemSize = 400 * 1024;

/**
 * Bytes a number occupies. DynamoDB stores numbers in base 100 (two digits per byte,
 * pairs aligned on the decimal point) plus one byte of exponent, and one more byte for a
 * negative number; zero takes one byte.
 */
export function numberSize(text: string): number {
  if (isCanonicalInteger(text)) return canonicalIntegerSize(text);
  const { negative, digits, exponent } = parseNumberSyntax(text);
  if (digits === '') return 1;
  // With an even exponent the first digit sits alone in its base-100 pair, shifting the rest.
  const pairs = exponent % 2 === 0 ? 1 + Math.ceil((digits.length - 1) / 2) : Math.ceil(digits.length / 2);
  return 1 + pairs + (negative ? 1 : 0);
}

/** {@link numberSize} of an integer in stored form, without parsing it. */
function canonicalIntegerSize(text: string): number {
  if (text === '0') return 1;
  const negative = text.charCodeAt(0) === 45;
  const start = negative ? 1 : 0;
  // The power of ten of the first digit; trailing zeros are not significant digits.
  const exponent = text.length - start - 1;
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48) end--;
  const digits = end - start;
  const pairs = exponent % 2 === 0 ? 1 + Math.ceil((digits - 1) / 2) : Math.ceil(digits / 2);
  return 1 + pairs + (negative ? 1 : 0);
}

function binarySize(base64: string): number {
  return Buffer.from(base64, 'base64').length;
}

/**
 * Bytes a value counts towards item size and capacity: S its UTF-8 bytes, B its raw
 * bytes, N per {@link numberSize}, BOOL and NULL one byte, sets the sum of their
 * elements, L and M three bytes plus one per element plus the elements (and, for M,
 * the UTF-8 bytes of each key).
 */
export function attributeValueSize(value: AttributeValue): number {
  if ('S' in value) return Buffer.byteLength(value.S, 'utf8');
  if ('N' in value) return numberSize(value.N);
  if ('B' in value) return binarySize(value.B);
  if ('BOOL' in value || 'NULL' in value) return 1;
  if ('SS' in value) return value.SS.reduce((sum, element) => sum + Buffer.byteLength(element, 'utf8'), 0);
  if ('NS' in value) return value.NS.reduce((sum, element) => sum + numberSize(element), 0);
  if ('BS' in value) return value.BS.reduce((sum, element) => sum + binarySize(element), 0);
  if ('L' in value) return value.L.reduce((sum, element) => sum + 1 + attributeValueSize(element), 3);
  if ('M' in value) {
    let size = 3;
    for (const name in value.M) size += 1 + Buffer.byteLength(name, 'utf8') + attributeValueSize(value.M[name]);
    return size;
  }
  return 0;
}

/** Bytes of a whole item: every attribute's name (UTF-8) plus its value. */
export function itemSize(item: Item): number {
  let size = 0;
  for (const name in item) size += Buffer.byteLength(name, 'utf8') + attributeValueSize(item[name]);
  return size;
}
