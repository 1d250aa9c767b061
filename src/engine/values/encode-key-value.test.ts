import Database from 'better-sqlite3';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBinaries, compareStrings } from './compare-values.js';
import { encodeKeyValue } from './encode-key-value.js';

const ExactDecimal = Decimal.clone({ precision: 100, minE: -200, maxE: 200 });

function byteOrder(a: string | Buffer, b: string | Buffer): number {
  return Math.sign(Buffer.compare(Buffer.from(a as string), Buffer.from(b as string)));
}

/** Any number DynamoDB can store: up to 38 digits, exponent of the first digit -130…125. */
const storableNumber = fc
  .tuple(fc.constantFrom('', '-', '+'), fc.stringMatching(/^[1-9][0-9]{0,37}$/), fc.integer({ min: -130, max: 125 }))
  .map(([sign, digits, exponent]) => `${sign}${digits[0]}.${digits.slice(1)}e${exponent}`)
  .map((text) => (text.endsWith('.e0') ? text.replace('.e0', '') : text));

const interestingNumber = fc.oneof(
  storableNumber,
  fc.constantFrom('0', '-0', '1', '-1', '10', '-10', '1.5', '-1.5', '0.1', '-0.1', '1E-130', '-1E-130'),
  fc.integer().map(String),
);

describe('encodeKeyValue for numbers', () => {
  it('orders by bytes exactly as the numbers order', () => {
    fc.assert(
      fc.property(interestingNumber, interestingNumber, (a, b) => {
        const expected = new ExactDecimal(a).comparedTo(new ExactDecimal(b));
        expect(byteOrder(encodeKeyValue({ N: a }), encodeKeyValue({ N: b }))).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('encodes every spelling of a number the same', () => {
    expect(encodeKeyValue({ N: '1.0' })).toBe(encodeKeyValue({ N: '1' }));
    expect(encodeKeyValue({ N: '10e-1' })).toBe(encodeKeyValue({ N: '1.00' }));
    expect(encodeKeyValue({ N: '-0' })).toBe(encodeKeyValue({ N: '0' }));
  });

  it('orders prefixes correctly on both sides of zero', () => {
    const sorted = ['-10', '-1.5', '-1', '-0.5', '0', '0.5', '1', '1.5', '10'];
    const encoded = sorted.map((text) => encodeKeyValue({ N: text }) as string);
    expect([...encoded].sort()).toEqual(encoded);
  });

  it('covers the extremes of the range', () => {
    const sorted = [
      '-9.9999999999999999999999999999999999999E+125',
      '-1E-130',
      '0',
      '1E-130',
      '9.9999999999999999999999999999999999999E+125',
    ].map((text) => encodeKeyValue({ N: text }) as string);
    expect([...sorted].sort()).toEqual(sorted);
  });

  it('sorts the same way in SQLite', () => {
    const numbers = ['3', '-2.5', '0', '1e100', '-1e-100', '25', '2.5', '-3'];
    const database = new Database(':memory:');
    database.exec('CREATE TABLE keys (k TEXT NOT NULL, n TEXT NOT NULL)');
    const insert = database.prepare('INSERT INTO keys VALUES (?, ?)');
    for (const text of numbers) insert.run(encodeKeyValue({ N: text }), text);
    const ordered = database.prepare('SELECT n FROM keys ORDER BY k').pluck().all();
    database.close();
    expect(ordered).toEqual(['-3', '-2.5', '-1e-100', '0', '2.5', '3', '25', '1e100']);
  });
});

describe('encodeKeyValue for strings', () => {
  it('keeps the string, which SQLite orders by UTF-8 bytes like DynamoDB', () => {
    // U+FFFD sorts before U+1F600 in UTF-8 but after it in UTF-16 code units.
    const strings = ['\u{1F600}', '\uFFFD', '\uE000', 'z', 'a', 'é', '', 'ab', '\u{10FFFF}'];
    const database = new Database(':memory:');
    database.exec('CREATE TABLE keys (k TEXT NOT NULL)');
    const insert = database.prepare('INSERT INTO keys VALUES (?)');
    for (const text of strings) insert.run(encodeKeyValue({ S: text }));
    const ordered = database.prepare('SELECT k FROM keys ORDER BY k').pluck().all();
    database.close();
    const byUtf8 = [...strings].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(ordered).toEqual(byUtf8);
    expect(ordered).toEqual(['', 'a', 'ab', 'z', 'é', '\uE000', '\uFFFD', '\u{1F600}', '\u{10FFFF}']);
  });

  it('agrees with compareStrings on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(Math.sign(compareStrings(a, b))).toBe(byteOrder(a, b));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('encodeKeyValue for binaries', () => {
  it('decodes to a Buffer, ordered by unsigned bytes', () => {
    const encoded = encodeKeyValue({ B: 'AAECAwQ=' });
    expect(Buffer.isBuffer(encoded)).toBe(true);
    expect([...(encoded as Buffer)]).toEqual([0, 1, 2, 3, 4]);
    expect(compareBinaries('/w==', 'AQ==')).toBeGreaterThan(0);
    expect(compareBinaries('AQ==', 'AQI=')).toBeLessThan(0);
  });
});
