import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributeValueSize, itemSize, numberSize } from './item-size.js';

// Sizes measured against DynamoDB's 400 KB item limit, one byte at a time.
describe('attributeValueSize', () => {
  it.each([
    ['0', 1],
    ['1', 2],
    ['12', 2],
    ['123', 3],
    ['1234', 3],
    ['-1', 3],
    ['0.5', 2],
    ['0.05', 2],
    ['1e100', 2],
    ['1.5e-100', 3],
    ['12345678901234567890123456789012345678', 20],
  ])('counts the number %s as %i bytes', (text, size) => {
    expect(numberSize(text)).toBe(size);
  });

  it('counts strings in UTF-8 bytes and binaries in raw bytes', () => {
    expect(attributeValueSize({ S: 'é😀' })).toBe(6);
    expect(attributeValueSize({ B: 'AAECAw==' })).toBe(4);
  });

  it('counts BOOL and NULL as one byte', () => {
    expect(attributeValueSize({ BOOL: true })).toBe(1);
    expect(attributeValueSize({ NULL: true })).toBe(1);
  });

  it('counts sets as the sum of their elements', () => {
    expect(attributeValueSize({ SS: ['ab', 'c'] })).toBe(3);
    expect(attributeValueSize({ NS: ['1', '12'] })).toBe(4);
  });

  it('counts three bytes per list or map plus one per element and the map keys', () => {
    expect(attributeValueSize({ L: [] })).toBe(3);
    expect(attributeValueSize({ M: {} })).toBe(3);
    expect(attributeValueSize({ L: [{ S: 'ab' }] })).toBe(6);
    expect(attributeValueSize({ M: { k: { S: 'ab' } } })).toBe(7);
  });
});

describe('itemSize', () => {
  it('adds the UTF-8 bytes of every attribute name', () => {
    expect(itemSize({ pk: { S: 'a' }, x: { S: 'x'.repeat(409596) } })).toBe(400 * 1024);
    expect(itemSize({ é: { N: '1' } })).toBe(4);
  });
});

describe('itemSize against the stored text', () => {
  // Reads that need no sizes bound them by the text (SIZE_PER_TEXT_UNIT_AT_MOST, stored-item.ts).
  const text = fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.string({ unit: 'binary', maxLength: 6 }),
    fc.constantFrom('', 'é', '😀', '\u0800'),
  );
  const number = fc.oneof(
    fc.integer().map(String),
    fc.constantFrom('1', '0', '12345678901234567890123456789012345678', '-1.5E-120', '9.9E+125'),
  );
  const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      text.map((S) => ({ S })),
      number.map((N) => ({ N })),
      fc.uint8Array({ maxLength: 6 }).map((bytes) => ({ B: Buffer.from(bytes).toString('base64') })),
      fc.boolean().map((BOOL) => ({ BOOL })),
      fc.constant({ NULL: true }),
      fc.array(text, { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
      fc.array(number, { minLength: 1, maxLength: 3 }).map((NS) => ({ NS })),
      fc
        .array(fc.uint8Array({ maxLength: 3 }), { minLength: 1, maxLength: 3 })
        .map((sets) => ({ BS: sets.map((bytes) => Buffer.from(bytes).toString('base64')) })),
      fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
      fc.dictionary(text, tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
    ),
  })).value;

  it('is at most three times the length of the item as stored', () => {
    fc.assert(
      fc.property(fc.dictionary(text, value, { maxKeys: 5 }), (item) => {
        expect(itemSize(item as never)).toBeLessThanOrEqual(3 * JSON.stringify(item).length);
      }),
      { numRuns: 3000 },
    );
  });
});
