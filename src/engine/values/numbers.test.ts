import { Decimal as DefaultDecimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addNumbers, canonicalizeNumber, compareNumbers, subtractNumbers } from './numbers.js';
import { errorOf } from '../thrown-error.test-support.js';

// The oracle must not round either.
const Decimal = DefaultDecimal.clone({ precision: 100 });
const tooManyDigits = 'Attempting to store more than 38 significant digits in a Number';
const overflow = 'Number overflow. Attempting to store a number with magnitude larger than supported range';
const underflow = 'Number underflow. Attempting to store a number with magnitude smaller than supported range';

describe('canonicalizeNumber', () => {
  it.each([
    // types/number-canonical-forms
    ['1.50', '1.5'],
    ['0.0', '0'],
    ['-0', '0'],
    ['1e3', '1000'],
    ['0001', '1'],
    ['1.0E-5', '0.00001'],
    ['-1.20E+2', '-120'],
    ['+5', '5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['100', '100'],
    ['1E+2', '100'],
    ['-0.000', '0'],
    ['123.4560e2', '12345.6'],
    // types/number-zero-with-large-exponent
    ['0e1000', '0'],
    ['-0.0e-5', '0'],
    ['00.100', '0.1'],
    ['1E0', '1'],
    // types/number-key-canonical
    ['1.0', '1'],
    ['10e-1', '1'],
    ['-.5', '-0.5'],
    ['1E+21', '1000000000000000000000'],
    ['1E-7', '0.0000001'],
    ['123456789012345678901234567890123456780000', '123456789012345678901234567890123456780000'],
  ])('writes %s as %s', (input, canonical) => {
    expect(canonicalizeNumber(input)).toBe(canonical);
  });

  it('writes the extremes of the range in plain notation', () => {
    expect(canonicalizeNumber('9.9999999999999999999999999999999999999E+125')).toBe('9'.repeat(38) + '0'.repeat(88));
    expect(canonicalizeNumber('1E-130')).toBe(`0.${'0'.repeat(129)}1`);
    expect(canonicalizeNumber('-1.5E-130')).toBe(`-0.${'0'.repeat(129)}15`);
  });

  it('counts significant digits without leading or trailing zeros', () => {
    expect(canonicalizeNumber('1'.padEnd(40, '0'))).toBe('1'.padEnd(40, '0'));
    expect(canonicalizeNumber(`0.1${'0'.repeat(39)}`)).toBe('0.1');
    expect(canonicalizeNumber(`${'0'.repeat(45)}1`)).toBe('1');
    expect(canonicalizeNumber('12345678901234567890123456789012345678')).toBe('12345678901234567890123456789012345678');
  });

  it.each([
    'abc',
    ' 1',
    '1 ',
    '0x10',
    'Infinity',
    'NaN',
    '1e',
    '-',
    '.',
    '1.2.3',
    '--1',
    '+-1',
    '1e+-2',
    '1_000',
    '1e5.5',
    '+',
    'e5',
    '.e5',
    '1d',
    '1E99999999999999999999',
  ])('rejects %j as not a number', (input) => {
    expect(errorOf(() => canonicalizeNumber(input))).toEqual({
      type: 'ValidationException',
      message: `The parameter cannot be converted to a numeric value: ${input}`,
    });
  });

  it('rejects the empty string without echoing it', () => {
    expect(errorOf(() => canonicalizeNumber(''))?.message).toBe('The parameter cannot be converted to a numeric value');
  });

  it('rejects more than 38 significant digits before checking the range', () => {
    expect(errorOf(() => canonicalizeNumber('123456789012345678901234567890123456789'))?.message).toBe(tooManyDigits);
    expect(errorOf(() => canonicalizeNumber('1.23456789012345678901234567890123456789'))?.message).toBe(tooManyDigits);
    expect(errorOf(() => canonicalizeNumber('123456789012345678901234567890123456789e200'))?.message).toBe(
      tooManyDigits,
    );
  });

  it('rejects magnitudes above 9.99…E+125 as overflow', () => {
    for (const input of ['1e126', '-1e126', '10E125'])
      expect(errorOf(() => canonicalizeNumber(input))?.message).toBe(overflow);
    expect(canonicalizeNumber('0.99e126')).toBe(`99${'0'.repeat(124)}`);
  });

  it('rejects magnitudes below 1E-130 as underflow, but not zero', () => {
    for (const input of ['1E-131', '-1E-131', '0.0000000000000000000000000000000000000001E-100']) {
      expect(errorOf(() => canonicalizeNumber(input))?.message).toBe(underflow);
    }
    expect(canonicalizeNumber('1.5E-130')).toBe(`0.${'0'.repeat(129)}15`);
  });
});

describe('addNumbers and subtractNumbers', () => {
  it('are exact where doubles are not', () => {
    expect(addNumbers('0.1', '0.2')).toBe('0.3');
    expect(addNumbers('12345678901234567890123456789012345678', '1')).toBe('12345678901234567890123456789012345679');
    expect(addNumbers('1', '1e-37')).toBe('1.0000000000000000000000000000000000001');
    expect(subtractNumbers('1', '1')).toBe('0');
    expect(addNumbers('1e-130', '-1e-130')).toBe('0');
    expect(subtractNumbers('1e-130', '2e-130')).toBe(`-0.${'0'.repeat(129)}1`);
  });

  it('accept a result that only needs one digit after carrying', () => {
    expect(addNumbers('99999999999999999999999999999999999999', '1')).toBe(`1${'0'.repeat(38)}`);
  });

  it('reject results needing more than 38 digits, before checking the range', () => {
    expect(errorOf(() => addNumbers('99999999999999999999999999999999999999', '2'))?.message).toBe(tooManyDigits);
    expect(errorOf(() => addNumbers('1', '1e-38'))?.message).toBe(tooManyDigits);
    expect(errorOf(() => addNumbers('1e37', '1e-10'))?.message).toBe(tooManyDigits);
    const largest = '9.9999999999999999999999999999999999999E+125';
    expect(errorOf(() => addNumbers(largest, largest))?.message).toBe(tooManyDigits);
  });

  it('reject results out of range', () => {
    expect(errorOf(() => addNumbers('1e125', '9e125'))?.message).toBe(overflow);
    expect(errorOf(() => subtractNumbers('1E-130', '1.1E-130'))?.message).toBe(underflow);
  });

  // Operands spanning at most 36 digits, so every result is storable.
  it('agree with decimal arithmetic on random operands', () => {
    const number = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: -10, max: 10 }))
      .map(([negative, digits, exponent]) => `${negative ? '-' : ''}${digits}e${exponent}`);
    fc.assert(
      fc.property(number, number, (a, b) => {
        const expected = new Decimal(a).plus(b);
        expect(new Decimal(addNumbers(a, b)).equals(expected)).toBe(true);
        expect(new Decimal(subtractNumbers(a, b)).equals(new Decimal(a).minus(b))).toBe(true);
      }),
    );
  });
});

describe('compareNumbers', () => {
  it('orders numerically regardless of spelling', () => {
    expect(compareNumbers('1.0', '1')).toBe(0);
    expect(compareNumbers('-0', '0')).toBe(0);
    expect(compareNumbers('9', '10')).toBeLessThan(0);
    expect(compareNumbers('-10', '-9')).toBeLessThan(0);
    expect(compareNumbers('-1', '0')).toBeLessThan(0);
    expect(compareNumbers('1e-130', '0')).toBeGreaterThan(0);
    expect(compareNumbers('1.5', '1.25')).toBeGreaterThan(0);
  });
});
