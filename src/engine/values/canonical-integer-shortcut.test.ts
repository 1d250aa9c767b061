import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberSize } from './item-size.js';
import {
  canonicalizeNumber,
  formatNumber,
  isCanonicalInteger,
  isSmallInteger,
  parseNumber,
  parseNumberSyntax,
} from './numbers.js';

/*
 * Integers already in DynamoDB's stored form skip parsing: `canonicalizeNumber` returns
 * them as they are and `numberSize` counts their digits directly. Both must equal the
 * parsing path for every number text.
 */

/** `numberSize` by parsing, as it is for every other number. */
function parsedNumberSize(text: string): number {
  const { negative, digits, exponent } = parseNumberSyntax(text);
  if (digits === '') return 1;
  const pairs = exponent % 2 === 0 ? 1 + Math.ceil((digits.length - 1) / 2) : Math.ceil(digits.length / 2);
  return 1 + pairs + (negative ? 1 : 0);
}

const digitText = (maxLength: number) => fc.stringMatching(new RegExp(`^[0-9]{1,${maxLength}}$`));

/** Integer texts of any length around 38 digits, signed or not, leading zeros or not. */
const integerText = fc
  .tuple(fc.constantFrom('', '-', '+'), fc.constantFrom('', '0', '00'), digitText(41), fc.constantFrom('', '0', '000'))
  .map(([sign, leading, digits, trailing]) => sign + leading + digits + trailing);

/** Other number texts: fractions, exponents. */
const otherText = fc
  .tuple(fc.constantFrom('', '-'), digitText(6), fc.constantFrom('.', '.0', '.50', 'e3', 'E-2', '.1e1'))
  .map(([sign, digits, tail]) => sign + digits + tail);

const anyText = fc.oneof(integerText, otherText, fc.constantFrom('0', '-0', '+0', '00', '1e0', ''));

function canonicalByParsing(text: string): string | Error {
  try {
    return formatNumber(parseNumber(text));
  } catch (error) {
    return error as Error;
  }
}

function canonical(text: string): string | Error {
  try {
    return canonicalizeNumber(text);
  } catch (error) {
    return error as Error;
  }
}

describe('canonical integer shortcut', () => {
  it('canonicalizes every number text as parsing does, errors included', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(canonical(text)).toEqual(canonicalByParsing(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('sizes every number text as parsing does', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        let expected: number | undefined;
        try {
          expected = parsedNumberSize(text);
        } catch {
          return; // Not a number at all: never stored, never sized.
        }
        expect(numberSize(text)).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });

  it('recognizes exactly what the regular expression of stored integers matches', () => {
    const storedInteger = /^(?:-?[1-9][0-9]{0,37}|0)$/;
    fc.assert(
      fc.property(fc.oneof(anyText, fc.string({ maxLength: 5 }), fc.constantFrom('-', '0\n', '1\n', '١')), (text) => {
        expect(isCanonicalInteger(text)).toBe(storedInteger.test(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the small-integer arithmetic for exactly what its regular expression matches', () => {
    const smallInteger = /^-?(?:0|[1-9][0-9]{0,14})$/;
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          fc.string({ maxLength: 5 }),
          fc.constantFrom('-', '-0', '0\n', '1'.repeat(15), '1'.repeat(16)),
        ),
        (text) => {
          expect(isSmallInteger(text)).toBe(smallInteger.test(text));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('takes the shortcut only for integers in stored form', () => {
    for (const text of ['0', '7', '-7', '10', '-100', '9'.repeat(38)]) expect(isCanonicalInteger(text)).toBe(true);
    for (const text of ['-0', '+1', '01', '1.0', '1e2', '9'.repeat(39), '', ' 1'])
      expect(isCanonicalInteger(text)).toBe(false);
    expect(isCanonicalInteger(5)).toBe(false);
  });
});
