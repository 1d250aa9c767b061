import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStoredItem } from './stored-item-parser.js';

/** Names JSON.parse treats specially (`__proto__`, array indexes) among ordinary ones. */
const attributeName = fc.oneof(
  fc.constantFrom('a', '0', '1', '10', '4294967295', '__proto__', 'toString', 'constructor', '', 'é', '"', '\\'),
  fc.string({ maxLength: 5 }),
  fc.string({ unit: 'binary', maxLength: 5 }),
);
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', '"', '\\', '\u0000', '\ud800', '😀', 'x'.repeat(40)),
);
const attributeValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text.map((S) => ({ S })),
    fc.string({ maxLength: 8 }).map((N) => ({ N })),
    fc.base64String({ maxLength: 12 }).map((B) => ({ B })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true }),
    fc.array(text, { maxLength: 3 }).map((SS) => ({ SS })),
    fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }).map((NS) => ({ NS })),
    fc.array(fc.base64String({ maxLength: 8 }), { maxLength: 3 }).map((BS) => ({ BS })),
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(attributeName, tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
  ),
})).value;
const item = fc.dictionary(attributeName, attributeValue, { maxKeys: 6 });

/** Everything observable of a parsed value: members in order, own-ness, prototypes. */
function anatomy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const members = Reflect.ownKeys(value).map((key) => {
    const descriptor = Object.getOwnPropertyDescriptor(value, key) as PropertyDescriptor;
    return [key, descriptor.enumerable, descriptor.writable, descriptor.configurable, anatomy(descriptor.value)];
  });
  return {
    prototype:
      Object.getPrototypeOf(value) === Array.prototype
        ? 'array'
        : Object.getPrototypeOf(value) === Object.prototype
          ? 'object'
          : 'other',
    members,
  };
}

describe('parseStoredItem', () => {
  it('gives what JSON.parse gives, for every item as storage writes it', () => {
    fc.assert(
      fc.property(item, (value) => {
        const stored = JSON.stringify(value);
        expect(anatomy(parseStoredItem(stored))).toEqual(anatomy(JSON.parse(stored)));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads an item that starts further into its text, as storage hands rows over', () => {
    fc.assert(
      fc.property(item, fc.nat(99999), (value, size) => {
        const stored = JSON.stringify(value);
        const column = `${size}${stored}`;
        expect(anatomy(parseStoredItem(column, column.length - stored.length))).toEqual(anatomy(JSON.parse(stored)));
      }),
      { numRuns: 500 },
    );
  });

  it('reads names like those of the item before, or not quite', () => {
    const items = [
      { ab: { S: '1' }, c: { N: '2' }, __proto__x: { S: '' } },
      { abc: { S: '1' }, c: { N: '2' } },
      { ab: { S: '1' }, '': { N: '2' }, __proto__x: { BOOL: true } },
      { a: { S: '1' }, c: { M: { ab: { S: 'x' } } } },
      { ab: { S: '1' }, c: { N: '2' } },
    ];
    for (const value of [...items, ...items.reverse()]) {
      const stored = JSON.stringify(value).replaceAll('__proto__x', '__proto__');
      expect(anatomy(parseStoredItem(stored))).toEqual(anatomy(JSON.parse(stored)));
    }
  });

  it('gives what JSON.parse gives for runs of wide items naming their attributes alike or not', () => {
    // Past the positions with their own store (10) and the remembered names (64); names
    // from a small pool, so consecutive items often hold the same name at a position.
    const poolName = fc.constantFrom('pk', 'sk', 'n', '0', '7', '__proto__', 'data', 'a', 'ab', 'é');
    const wideItem = fc.dictionary(
      fc.oneof(poolName, attributeName),
      text.map((S) => ({ S })),
      { maxKeys: 80, size: 'max' },
    );
    fc.assert(
      fc.property(fc.array(wideItem, { minLength: 1, maxLength: 6 }), (values) => {
        for (const value of values) {
          const stored = JSON.stringify(value);
          expect(anatomy(parseStoredItem(stored))).toEqual(anatomy(JSON.parse(stored)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps __proto__ an own member and the prototype intact', () => {
    const parsed = parseStoredItem('{"__proto__":{"S":"x"},"a":{"M":{"__proto__":{"N":"1"}}}}');
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(Object.keys(parsed)).toEqual(['__proto__', 'a']);
    expect(Object.hasOwn((parsed.a as { M: object }).M, '__proto__')).toBe(true);
  });

  it('leaves any other text to JSON.parse, errors included', () => {
    for (const other of [
      '{ "a": {"S":"x"}}',
      '{"a":{"S":"x","N":"1"}}',
      '{"a":{"X":"x"}}',
      '{"a":{"S":1}}',
      '{"a":{"BOOL":null}}',
      '[]',
      '{}',
      '{"a":{"S":"x"}}x',
    ]) {
      let expected: unknown;
      try {
        expected = JSON.parse(other);
      } catch (error) {
        expect(() => parseStoredItem(other)).toThrow((error as Error).message);
        continue;
      }
      expect(anatomy(parseStoredItem(other))).toEqual(anatomy(expected));
    }
  });
});
