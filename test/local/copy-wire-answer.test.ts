import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyWireAnswer } from '../../src/local/sdk-accelerator/fast-wire/copy-wire-answer.js';

/**
 * copyWireAnswer stands in for structuredClone where the fast path copies a non-item answer
 * before the SDK's deserializer converts it in place: it must give what structuredClone gives.
 */

/** Whether `a` and `b` are alike as structuredClone copies are: same data, same prototypes, same sharing. */
function sameStructure(a: unknown, b: unknown, pairs = new Map<object, unknown>()): boolean {
  if (a === null || typeof a !== 'object') return Object.is(a, b);
  if (b === null || typeof b !== 'object') return false;
  if (pairs.has(a)) return pairs.get(a) === b;
  pairs.set(a, b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.join('\u0000') !== keysB.join('\u0000')) return false;
  return keysA.every((key) =>
    sameStructure((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], pairs),
  );
}

/** Every object reachable from `copy` is a new one, none of `original`'s. */
function allFresh(original: unknown, copy: unknown): boolean {
  const originals = new Set<object>();
  const collect = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || originals.has(value)) return;
    originals.add(value);
    for (const key of Object.keys(value)) collect((value as Record<string, unknown>)[key]);
  };
  collect(original);
  const seen = new Set<object>();
  const fresh = (value: unknown): boolean => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return true;
    seen.add(value);
    return !originals.has(value) && Object.keys(value).every((key) => fresh((value as Record<string, unknown>)[key]));
  };
  return fresh(copy);
}

const keys = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('0', '10', '2', 'TableName', 'constructor', 'toString'),
);
const leaves = fc.oneof(
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.constant(-0),
);
const plainData = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaves, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(keys, tie('value'), { maxKeys: 5 }),
})).value;

/** Links some of the value's objects to each other: shared references and cycles. */
function withSharing(value: unknown, links: number[]): unknown {
  const objects: Array<Record<string, unknown>> = [];
  const collect = (item: unknown): void => {
    if (item === null || typeof item !== 'object') return;
    objects.push(item as Record<string, unknown>);
    for (const key of Object.keys(item)) collect((item as Record<string, unknown>)[key]);
  };
  collect(value);
  for (let index = 0; index + 1 < links.length && objects.length > 0; index += 2) {
    const from = objects[links[index] % objects.length];
    const to = objects[links[index + 1] % objects.length];
    if (Array.isArray(from)) from.push(to);
    else from[`link${index}`] = to;
  }
  return value;
}

describe('copyWireAnswer', () => {
  it('gives what structuredClone gives for plain data, shared references and cycles included', () => {
    fc.assert(
      fc.property(plainData, fc.array(fc.nat(), { maxLength: 6 }), (data, links) => {
        const value = withSharing(data, links);
        const copy = copyWireAnswer(value);
        expect(sameStructure(structuredClone(value), copy)).toBe(true);
        expect(allFresh(value, copy)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves everything else to structuredClone, which gives or throws the same', () => {
    // biome-ignore lint/suspicious/noSparseArray: a hole is the case under test
    const holey = [1, , 3];
    const extra = Object.assign([1, 2], { note: 'x' });
    const nullPrototype = Object.assign(Object.create(null) as Record<string, unknown>, { a: [1] });
    const withProtoKey = JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as unknown;
    class Described {
      name = 'x';
    }
    const cases: unknown[] = [
      { when: new Date(1_764_640_000_123) },
      { bytes: new Uint8Array([1, 2, 3]) },
      { map: new Map([['a', 1]]) },
      { holey },
      { extra },
      nullPrototype,
      withProtoKey,
      { instance: new Described() },
      { boxed: new String('s') },
      [new Set([1])],
    ];
    for (const value of cases) expect(sameStructure(structuredClone(value), copyWireAnswer(value))).toBe(true);
    for (const value of [{ f: () => 1 }, { s: Symbol('s') }, [new Proxy({}, {})], Symbol('top')]) {
      expect(() => structuredClone(value)).toThrow();
      expect(() => copyWireAnswer(value)).toThrow();
    }
    expect(copyWireAnswer('text')).toBe('text');
  });
});
