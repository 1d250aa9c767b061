import type { AttributeValue } from '../values/attribute-value.js';
import { sha1OfScratch, sha1PrefixOfScratch, sha1Scratch } from './sha1.js';

/*
 * The key hashes that order DynamoDB Local's results where DynamoDB itself promises no
 * order: a Scan walks partitions by the hash of their partition key, and index entries
 * with equal index keys follow one another by a hash of the item's table key. Matching
 * the conformance reference there means hashing the way it does: salted SHA-1 of the
 * key value's bytes (S: UTF-8, B: raw, N: a base-100 encoding of the decimal).
 */

const saltText = 'LocalDdb';
const salt = Buffer.from(saltText, 'latin1');

/** Writes the salt and then `parts` into the hash's scratch buffer; the message's length. */
function writeSalted(parts: readonly Uint8Array[]): number {
  let length = salt.length;
  for (const part of parts) length += part.length;
  const scratch = sha1Scratch(length);
  salt.copy(scratch, 0);
  let at = salt.length;
  for (const part of parts) {
    scratch.set(part, at);
    at += part.length;
  }
  return length;
}

/** Writes the salt and the UTF-8 of `text` into the hash's scratch buffer; the message's length. */
function writeSaltedText(text: string): number {
  // UTF-8 takes at most 3 bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2 units).
  const scratch = sha1Scratch(salt.length + text.length * 3);
  salt.copy(scratch, 0);
  return salt.length + scratch.write(text, salt.length, 'utf8');
}

function saltedSha1(parts: readonly Uint8Array[]): Buffer {
  return sha1OfScratch(writeSalted(parts));
}

/** The hash of one key value. */
export function keyValueHash(value: AttributeValue): Buffer {
  if ('S' in value) return sha1OfScratch(writeSaltedText(value.S));
  if ('B' in value) return saltedSha1([Buffer.from(value.B, 'base64')]);
  if ('N' in value) return saltedSha1([numberHashBytes(value.N)]);
  throw new Error('key values are S, N or B');
}

/** The first 32 bits of {@link keyValueHash} of a string key value (storage's `seg` column). */
export function stringKeyHashPrefix(text: string): number {
  return sha1PrefixOfScratch(writeSaltedText(text));
}

/** The hash of a whole table key: of the partition key alone, or of both key hashes. */
export function tableKeyHash(partitionValue: AttributeValue, sortValue: AttributeValue | undefined): Buffer {
  const partition = keyValueHash(partitionValue);
  return sortValue === undefined ? partition : saltedSha1([partition, keyValueHash(sortValue)]);
}

/** The first 32 bits of a hash, as an unsigned integer (storage's `seg` column). */
export function hashPrefix(hash: Buffer): number {
  return hash.readUInt32BE(0);
}

/**
 * A number as the hash input: zero is `0x80`; otherwise an exponent byte (base 100,
 * `192 + exponent/2`, inverted for negatives) and the significant digits in pairs
 * (`pair + 1`, or `101 - pair` for negatives), negatives shorter than 20 pairs closed by
 * 102. The same bytes for every spelling of a value (`1.50` and `15E-1`).
 */
export function numberHashBytes(text: string): Buffer {
  const { negative, digits, exponent: pointPosition } = decimalParts(text);
  if (digits === '') return Buffer.from([0x80]);
  // Digits pair up from the decimal point, so an odd exponent gets a leading zero digit.
  const odd = Math.abs(pointPosition % 2) === 1 ? 1 : 0;
  const exponent = pointPosition + odd;
  const padded = (odd ? '0' : '') + digits;
  const pairs = Math.ceil(padded.length / 2);
  const bytes: number[] = [(192 + exponent / 2) & 0xff];
  if (negative) bytes[0] = ~bytes[0] & 0xff;
  for (let pair = 0; pair < pairs; pair++) {
    const high = Number(padded[pair * 2]);
    const low = pair * 2 + 1 < padded.length ? Number(padded[pair * 2 + 1]) : 0;
    const value = high * 10 + low;
    bytes.push(negative ? 101 - value : value + 1);
  }
  if (negative && pairs < 20) bytes.push(102);
  return Buffer.from(bytes);
}

/**
 * Sign, significant digits (no leading or trailing zeros) and the position of the decimal
 * point relative to them: the value is `0.<digits> × 10^exponent`.
 */
function decimalParts(text: string): { negative: boolean; digits: string; exponent: number } {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a number: ${text}`);
  const [, sign, integerPart = '', fractionPart = '', exponentPart = '0'] = match;
  const all = integerPart + fractionPart;
  const firstNonZero = all.search(/[1-9]/);
  if (firstNonZero < 0) return { negative: false, digits: '', exponent: 0 };
  const digits = all.slice(firstNonZero).replace(/0+$/, '');
  const exponent = integerPart.length - firstNonZero + Number(exponentPart);
  return { negative: sign === '-', digits, exponent };
}
