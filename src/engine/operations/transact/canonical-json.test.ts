import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CanonicalJsonWriter, canonicalJson } from './canonical-json.js';
import { referenceStableJson } from './reference-stable-json.test-support.js';

/** Keys that sort differently by code unit than by code point or number, and names Object.prototype carries. */
const trickyKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'toString',
    'toJSON',
    '10',
    '2',
    '0',
    '',
    'a',
    'B',
    '\ud83d\ude00',
    '\uffff',
    'é',
    '#n',
    ':v',
  ),
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 3 }),
);

/** Any UTF-16 code units: quotes, backslashes, control characters, lone surrogates. */
const anyText = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 8,
});

const anything = fc.anything({
  maxDepth: 4,
  key: trickyKey,
  withNullPrototype: true,
  withSparseArray: true,
  withObjectString: false,
  values: [anyText, fc.boolean(), fc.integer(), fc.double(), fc.constant(null), fc.constant(undefined)],
});

/** Objects with more keys than the in-place insertion sort handles. */
const wide = fc.dictionary(trickyKey, fc.jsonValue({ maxDepth: 1 }), { minKeys: 15, maxKeys: 40 });

/** An item keyed as DynamoDB items are, with an own `__proto__` attribute as the engine allows. */
const withOwnProto = fc
  .tuple(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(trickyKey, fc.jsonValue({ maxDepth: 1 })))
  .map(([proto, rest]) => {
    const item: Record<string, unknown> = { ...rest };
    Object.defineProperty(item, '__proto__', { value: proto, enumerable: true, writable: true, configurable: true });
    return item;
  });

class WithPrototype {
  constructor(readonly own: unknown) {}
}
Object.defineProperty(WithPrototype.prototype, 'inherited', { value: 1, enumerable: true });

describe('canonicalJson', () => {
  it('gives the reference text for any value', () => {
    fc.assert(
      fc.property(
        fc.oneof(anything, wide, withOwnProto, fc.array(fc.oneof(wide, withOwnProto, anything), { maxLength: 4 })),
        (value) => {
          let expected: string | undefined;
          let expectedError: unknown;
          try {
            expected = referenceStableJson(value);
          } catch (error) {
            expectedError = error;
          }
          if (expectedError !== undefined) expect(() => canonicalJson(value)).toThrow();
          else expect(canonicalJson(value)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives the reference text for objects wider than the kept key stack, and after them', () => {
    const wideItem = Object.fromEntries(
      Array.from({ length: 300 }, (_, index) => [`a${(index * 7919) % 300}`, { N: String(index) }]),
    );
    const value = [{ Put: { Item: wideItem, TableName: 't' } }, { z: { y: 1, x: [wideItem] } }];
    expect(canonicalJson(value)).toBe(referenceStableJson(value));
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('lists only own keys of an object with a prototype of its own', () => {
    const value = { a: new WithPrototype({ b: [1, undefined, () => 1] }), z: undefined };
    expect(canonicalJson(value)).toBe(referenceStableJson(value));
  });

  it('gives the right text after a value that could not be written', () => {
    expect(() => canonicalJson({ b: { c: 1n } })).toThrow();
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('gives the reference text for values nested past its recursion, written with its own stack', () => {
    // Each level an array or an object, with siblings of any kind around the deeper value.
    const level = fc.record({
      array: fc.boolean(),
      siblings: fc.array(fc.tuple(trickyKey, anything), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(level, { minLength: 250, maxLength: 700 }), anything, (levels, leaf) => {
        let value: unknown = leaf;
        for (const { array, siblings } of levels) {
          value = array
            ? [...siblings.map(([, sibling]) => sibling), value]
            : Object.fromEntries([...siblings, ['deeper', value]]);
        }
        let expected: string | undefined;
        try {
          expected = referenceStableJson(value);
        } catch {
          return;
        }
        expect(canonicalJson(value)).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('writes ignored members nested 100,000 levels, telling depths apart', () => {
    const nested = (levels: number): unknown => {
      let value: unknown = { leaf: [1, 'x'] };
      for (let index = 0; index < levels; index++) value = index % 2 === 0 ? [value] : { b: 1, a: value };
      return value;
    };
    const text = canonicalJson(nested(100_000)) as string;
    expect(text.length).toBeGreaterThan(400_000);
    expect(canonicalJson(nested(100_000))).toBe(text);
    expect(canonicalJson(nested(99_999))).not.toBe(text);
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });
});

describe('CanonicalJsonWriter, one writer for many values as an engine keeps it', () => {
  it('gives the reference text for each of a run of values, whatever came before', () => {
    const writer = new CanonicalJsonWriter();
    fc.assert(
      fc.property(fc.array(fc.oneof(anything, wide, withOwnProto), { maxLength: 6 }), (values) => {
        for (const value of values) {
          let expected: string | undefined;
          try {
            expected = referenceStableJson(value);
          } catch {
            expect(() => writer.write(value)).toThrow();
            continue;
          }
          expect(writer.write(value)).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives the right text after a wide object, after a value that could not be written, and once cleared', () => {
    const writer = new CanonicalJsonWriter();
    const wideItem = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`a${(index * 7919) % 300}`, index]));
    expect(writer.write({ Put: { Item: wideItem } })).toBe(referenceStableJson({ Put: { Item: wideItem } }));
    expect(writer.write({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(() => writer.write({ b: { c: 1n } })).toThrow();
    expect(writer.write({ b: 1, a: { d: 3, c: 4 } })).toBe('{"a":{"c":4,"d":3},"b":1}');
    writer.clear();
    expect(writer.write({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });
});
