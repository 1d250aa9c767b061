import type { AttributeValue } from './attribute-value.js';
import { decodeBase64 } from './base64.js';
import { minimumExponent, parseNumber, type ParsedNumber } from './numbers.js';

/*
 * Numbers become ASCII strings whose byte order (SQLite's BINARY collation, memcmp) is
 * numeric order:
 *
 *   negative:  "0" + (255 - biased exponent, 3 digits) + (9 - digit)… + ":"
 *   zero:      "1"
 *   positive:  "2" + (biased exponent, 3 digits) + digits…
 *
 * The biased exponent (exponent of the first significant digit + 130) is 0…255 over
 * DynamoDB's whole range, so three digits always suffice. Digits carry no trailing zeros,
 * so for equal exponents a digit string that is a prefix of another is the smaller number;
 * for negatives that order flips, which the terminator ":" (above "9") restores.
 */
const exponentBias = -minimumExponent;
const largestBiasedExponent = 255;

function threeDigits(value: number): string {
  return value.toString().padStart(3, '0');
}

function invertDigits(digits: string): string {
  let inverted = '';
  for (let index = 0; index < digits.length; index++) inverted += String.fromCharCode(105 - digits.charCodeAt(index));
  return inverted;
}

/** The order-preserving key form of a parsed (range-checked) number. */
export function encodeParsedNumber(parsed: ParsedNumber): string {
  if (parsed.digits === '') return '1';
  const biasedExponent = parsed.exponent + exponentBias;
  if (parsed.negative) {
    return `0${threeDigits(largestBiasedExponent - biasedExponent)}${invertDigits(parsed.digits)}:`;
  }
  return `2${threeDigits(biasedExponent)}${parsed.digits}`;
}

/** The order-preserving key form of number text (any valid spelling of the same number encodes the same). */
export function encodeNumberKey(text: string): string {
  return encodeParsedNumber(parseNumber(text));
}

/**
 * The form a key attribute value is stored in SQLite key columns, such that SQLite's
 * ordering equals DynamoDB's: S stays the string (TEXT compares UTF-8 bytes), N becomes
 * an ASCII string in numeric byte order, B becomes a Buffer (BLOB, memcmp).
 *
 * @example
 * encodeKeyValue({ N: '-1.5' }) < encodeKeyValue({ N: '-1' }) // true
 */
export function encodeKeyValue(value: AttributeValue): string | Buffer {
  if ('S' in value) return value.S;
  if ('N' in value) return encodeNumberKey(value.N);
  if ('B' in value) return decodeBase64(value.B);
  throw new TypeError(`not a key value: ${Object.keys(value).join(', ')}`);
}
