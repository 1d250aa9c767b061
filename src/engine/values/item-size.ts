import type { AttributeValue, Item } from './attribute-value.js';
import { parseNumberSyntax } from './numbers.js';
import { utf8Length } from './utf8-length.js';

/** DynamoDB's item size limit: 400 KB, attribute names included. */
export const maximumItemSize = 400 * 1024;

/**
 * Bytes a number occupies. DynamoDB stores numbers in base 100 (two digits per byte,
 * pairs aligned on the decimal point) plus one byte of exponent, and one more byte for a
 * negative number; zero takes one byte.
 */
export function numberSize(text: string): number {
  const integerSize = canonicalIntegerSize(text);
  if (integerSize > 0) return integerSize;
  const { negative, digits, exponent } = parseNumberSyntax(text);
  if (digits === '') return 1;
  return significantDigitsSize(digits.length, exponent, negative);
}

/** Bytes of a number with `digits` significant digits, the first one at power of ten `exponent`. */
function significantDigitsSize(digits: number, exponent: number, negative: boolean): number {
  // With an even exponent the first digit sits alone in its base-100 pair, shifting the rest.
  const pairs = exponent % 2 === 0 ? 1 + Math.ceil((digits - 1) / 2) : Math.ceil(digits / 2);
  return 1 + pairs + (negative ? 1 : 0);
}

/** Most digits of an integer in stored form (see `isCanonicalInteger`). */
const maximumIntegerDigits = 38;

/**
 * {@link numberSize} of an integer in stored form (`isCanonicalInteger`), worked out in
 * the one pass that recognizes it; 0 for any other text, which then gets parsed. Most
 * numbers stored are such integers.
 */
function canonicalIntegerSize(text: string): number {
  const length = text.length;
  const start = length > 0 && text.charCodeAt(0) === 45 ? 1 : 0;
  const digitCount = length - start;
  if (digitCount === 0 || digitCount > maximumIntegerDigits) return 0;
  const first = text.charCodeAt(start);
  // "0" is stored form; "-0" and leading zeros are not.
  if (first === 48) return length === 1 ? 1 : 0;
  if (first < 49 || first > 57) return 0;
  // Trailing zeros are not significant digits.
  let lastSignificant = start;
  for (let index = start + 1; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return 0;
    if (code !== 48) lastSignificant = index;
  }
  return significantDigitsSize(lastSignificant - start + 1, digitCount - 1, start === 1);
}

/** Raw bytes of a binary; stored binaries are canonical padded base64 (checked on input). */
function binarySize(base64: string): number {
  return Buffer.byteLength(base64, 'base64');
}

/**
 * Bytes a value counts towards item size and capacity: S its UTF-8 bytes, B its raw
 * bytes, N per {@link numberSize}, BOOL and NULL one byte, sets the sum of their
 * elements, L and M three bytes plus one per element plus the elements (and, for M,
 * the UTF-8 bytes of each key).
 *
 * Sized values have been validated, so they hold exactly one type tag: the first member
 * names the type, which a switch finds faster than probing every tag with `in`.
 */
export function attributeValueSize(value: AttributeValue): number {
  for (const type in value) {
    switch (type) {
      case 'S':
        return utf8Length((value as { S: string }).S);
      case 'N':
        return numberSize((value as { N: string }).N);
      case 'B':
        return binarySize((value as { B: string }).B);
      case 'BOOL':
      case 'NULL':
        return 1;
      case 'SS':
        return stringSetSize((value as { SS: string[] }).SS);
      case 'NS':
        return numberSetSize((value as { NS: string[] }).NS);
      case 'BS':
        return binarySetSize((value as { BS: string[] }).BS);
      case 'L':
        return listSize((value as { L: AttributeValue[] }).L);
      case 'M':
        return mapSize((value as { M: Record<string, AttributeValue> }).M);
    }
    break;
  }
  return 0;
}

function stringSetSize(elements: readonly string[]): number {
  let size = 0;
  for (let index = 0; index < elements.length; index++) size += utf8Length(elements[index]);
  return size;
}

function numberSetSize(elements: readonly string[]): number {
  let size = 0;
  for (let index = 0; index < elements.length; index++) size += numberSize(elements[index]);
  return size;
}

function binarySetSize(elements: readonly string[]): number {
  let size = 0;
  for (let index = 0; index < elements.length; index++) size += binarySize(elements[index]);
  return size;
}

function listSize(elements: readonly AttributeValue[]): number {
  let size = 3;
  for (let index = 0; index < elements.length; index++) size += 1 + attributeValueSize(elements[index]);
  return size;
}

function mapSize(members: Record<string, AttributeValue>): number {
  let size = 3;
  for (const name in members) size += 1 + utf8Length(name) + attributeValueSize(members[name]);
  return size;
}

/** Bytes of a whole item: every attribute's name (UTF-8) plus its value. */
export function itemSize(item: Item): number {
  let size = 0;
  for (const name in item) size += utf8Length(name) + attributeValueSize(item[name]);
  return size;
}
