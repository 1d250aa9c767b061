import { packageRequire } from '../../shared/package-require.js';
import type { Decimal } from 'decimal.js';
import { invalidValue, valueMessages } from './value-errors.js';

/** Most significant digits a DynamoDB number may have. */
export const maximumSignificantDigits = 38;
/** Largest decimal exponent (of the first significant digit): 9.99…E+125. */
export const maximumExponent = 125;
/** Smallest decimal exponent (of the first significant digit): 1E-130. */
export const minimumExponent = -130;

/**
 * A number taken apart: `value = (negative ? -1 : 1) × 0.d₁d₂… × 10^(exponent + 1)`, i.e.
 * `exponent` is the power of ten of the first significant digit. `digits` has neither
 * leading nor trailing zeros; zero is `{ negative: false, digits: '', exponent: 0 }`.
 */
export interface ParsedNumber {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
}

// Java's BigDecimal syntax, which DynamoDB accepts: optional sign, digits with an optional
// point (either side may be empty, not both), optional exponent.
const numberPattern = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/;
// BigDecimal's exponent is a 32-bit int; larger ones are not numbers at all.
const largestExponentText = 2147483647;

/**
 * Parses DynamoDB number text without range checks. Throws DynamoDB's "cannot be
 * converted" error for anything that is not a decimal number (hex, `NaN`, spaces, …).
 */
export function parseNumberSyntax(text: string): ParsedNumber {
  const match = numberPattern.exec(text);
  const integerPart = match?.[2] ?? '';
  const fractionPart = match?.[3] ?? '';
  if (!match || (integerPart === '' && fractionPart === '')) throw invalidValue(valueMessages.notANumber(text));
  const exponentText = match[4];
  const writtenExponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(writtenExponent) > largestExponentText) throw invalidValue(valueMessages.notANumber(text));

  const allDigits = integerPart + fractionPart;
  let start = 0;
  while (start < allDigits.length && allDigits.charCodeAt(start) === 48) start++;
  let end = allDigits.length;
  while (end > start && allDigits.charCodeAt(end - 1) === 48) end--;
  if (start === end) return { negative: false, digits: '', exponent: 0 };
  // Power of ten of the last kept digit, then of the first one.
  const lastDigitExponent = writtenExponent - fractionPart.length + (allDigits.length - end);
  const digits = allDigits.slice(start, end);
  return { negative: match[1] === '-', digits, exponent: lastDigitExponent + digits.length - 1 };
}

/**
 * Parses and checks a number the way DynamoDB does before storing it: syntax, then
 * precision (≤ 38 significant digits), then magnitude (1E-130 … 9.99…E+125).
 */
export function parseNumber(text: string): ParsedNumber {
  const parsed = parseNumberSyntax(text);
  assertStorable(parsed);
  return parsed;
}

function assertStorable(parsed: ParsedNumber): void {
  if (parsed.digits === '') return;
  if (parsed.digits.length > maximumSignificantDigits) throw invalidValue(valueMessages.tooManyDigits);
  if (parsed.exponent > maximumExponent) throw invalidValue(valueMessages.overflow);
  if (parsed.exponent < minimumExponent) throw invalidValue(valueMessages.underflow);
}

/** Plain decimal notation without exponent, trailing zeros or a plus sign: DynamoDB's stored form. */
export function formatNumber(parsed: ParsedNumber): string {
  const { digits, exponent } = parsed;
  if (digits === '') return '0';
  let plain: string;
  if (exponent >= digits.length - 1) plain = digits + '0'.repeat(exponent - digits.length + 1);
  else if (exponent >= 0) plain = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  else plain = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  return parsed.negative ? `-${plain}` : plain;
}

/**
 * Whether `text` is an integer written as DynamoDB stores it, `/^(?:-?[1-9][0-9]{0,37}|0)$/`:
 * no plus sign, no leading zero, not `-0`, at most 38 digits (so within precision and
 * range). Most numbers sent are such integers, which are their own canonical form. A loop
 * over the characters answers in about half the time of the regular expression.
 */
export function isCanonicalInteger(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const length = text.length;
  const start = length > 0 && text.charCodeAt(0) === 45 ? 1 : 0;
  const digits = length - start;
  if (digits === 0 || digits > maximumSignificantDigits) return false;
  const first = text.charCodeAt(start);
  if (first === 48) return length === 1;
  if (first < 49 || first > 57) return false;
  for (let index = start + 1; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/**
 * The number as DynamoDB stores and returns it: `"01.50"` → `"1.5"`, `"1e3"` → `"1000"`,
 * `"-0"` → `"0"`, `"1.0E-5"` → `"0.00001"`. Throws DynamoDB's errors for bad syntax, more
 * than 38 significant digits, overflow and underflow.
 */
export function canonicalizeNumber(text: string): string {
  if (isCanonicalInteger(text)) return text;
  return formatNumber(parseNumber(text));
}

// Exact arithmetic: two numbers within DynamoDB's range never need more than
// 126 + 130 + 1 digits, so this precision never rounds.
let exactDecimal: typeof Decimal | undefined;

/**
 * decimal.js, loaded at the first arithmetic beyond small integers. Start-up trick
 * (docs/performance.md, "Starting the command line", bench section h): loading it took a
 * sixth of what `monotable serve` spends on its own code before answering, and most
 * requests never need it. `require` keeps the first use synchronous.
 */
function exactDecimalClass(): typeof Decimal {
  exactDecimal ??= (packageRequire('decimal.js') as typeof import('decimal.js')).Decimal.clone({
    precision: 400,
    toExpNeg: -9e15,
    toExpPos: 9e15,
    minE: -9e15,
    maxE: 9e15,
  });
  return exactDecimal;
}

function exactResult(result: Decimal): string {
  // The exact result must itself be storable; checks run in DynamoDB's order.
  return canonicalizeNumber(result.toString());
}

/** Most digits of a {@link isSmallInteger} operand. */
const smallIntegerDigits = 15;

/**
 * Canonical integers of at most 15 digits (and `-0`), `/^-?(?:0|[1-9][0-9]{0,14})$/`:
 * their sum or difference is below 2⁵³, so JavaScript numbers compute it exactly, and it
 * is within DynamoDB's range. Counters (`SET n = n + :one`, `ADD n :one`) take this path
 * instead of decimal arithmetic. A loop over the characters beats the regular expression.
 */
export function isSmallInteger(text: string): boolean {
  const length = text.length;
  const start = length > 0 && text.charCodeAt(0) === 45 ? 1 : 0;
  const digits = length - start;
  if (digits === 0 || digits > smallIntegerDigits) return false;
  const first = text.charCodeAt(start);
  if (first === 48) return digits === 1;
  if (first < 49 || first > 57) return false;
  for (let index = start + 1; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** `a + b`, exact; throws DynamoDB's precision/overflow/underflow errors for the result. */
export function addNumbers(a: string, b: string): string {
  if (isSmallInteger(a) && isSmallInteger(b)) return String(Number(a) + Number(b));
  return exactResult(new (exactDecimalClass())(canonicalizeNumber(a)).plus(canonicalizeNumber(b)));
}

/** `a - b`, exact; throws DynamoDB's precision/overflow/underflow errors for the result. */
export function subtractNumbers(a: string, b: string): string {
  if (isSmallInteger(a) && isSmallInteger(b)) return String(Number(a) - Number(b));
  return exactResult(new (exactDecimalClass())(canonicalizeNumber(a)).minus(canonicalizeNumber(b)));
}

function compareMagnitudes(a: ParsedNumber, b: ParsedNumber): number {
  if (a.exponent !== b.exponent) return a.exponent < b.exponent ? -1 : 1;
  // Same exponent, no trailing zeros: digit strings compare as the numbers do.
  return a.digits < b.digits ? -1 : a.digits > b.digits ? 1 : 0;
}

function signOf(parsed: ParsedNumber): number {
  return parsed.digits === '' ? 0 : parsed.negative ? -1 : 1;
}

/** Numeric order of two parsed numbers: negative, zero or positive like `Array.sort`'s comparator. */
export function compareParsedNumbers(a: ParsedNumber, b: ParsedNumber): number {
  const signA = signOf(a);
  const signB = signOf(b);
  if (signA !== signB) return signA < signB ? -1 : 1;
  if (signA === 0) return 0;
  const magnitude = compareMagnitudes(a, b);
  return signA < 0 && magnitude !== 0 ? -magnitude : magnitude;
}

/** Numeric order of two number texts (any valid spelling): `compareNumbers('1.0', '1')` is 0. */
export function compareNumbers(a: string, b: string): number {
  return compareParsedNumbers(parseNumberSyntax(a), parseNumberSyntax(b));
}
