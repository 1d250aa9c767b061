import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExpressionAttributes } from './expression-attributes.js';
import { javaHashSetCopyOrder } from './java-hash-order.js';
import { validationMessage } from './validation-message.test-support.js';

/*
 * ExpressionAttributes marks used keys by their position in the map (bits, then a Set past
 * 31 keys). Whatever the keys and the lookups, the unused keys it reports must be those a
 * plain Set of looked-up keys leaves out.
 */
function expectedMessage(member: string, keys: readonly string[], used: ReadonlySet<string>): string | undefined {
  const unused = keys.filter((key) => !used.has(key));
  if (unused.length === 0) return undefined;
  return `Value provided in ${member} unused in expressions: keys: {${javaHashSetCopyOrder(keys, unused).join(', ')}}`;
}

const token = (prefix: string) => fc.stringMatching(/^[A-Za-z0-9_]{1,4}$/).map((text) => prefix + text);

describe('used keys of ExpressionAttributes', () => {
  it('reports exactly the keys never looked up, for small and large maps', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(token('#'), { minLength: 1, maxLength: 45, size: 'max' }),
        fc.uniqueArray(token(':'), { minLength: 1, maxLength: 45, size: 'max' }),
        fc.array(fc.tuple(fc.boolean(), fc.nat(60)), { maxLength: 120 }),
        fc.array(fc.nat(9), { minLength: 45, maxLength: 45 }),
        (nameKeys, valueKeys, randomLookups, usedMostly) => {
          // Most keys looked up once or more, in any order: few unused keys, at any position.
          const lookups: [boolean, number][] = [...randomLookups];
          nameKeys.forEach((_, index) => usedMostly[index] < 8 && lookups.push([true, index]));
          valueKeys.forEach((_, index) => usedMostly[44 - index] < 8 && lookups.push([false, index]));
          lookups.sort((a, b) => ((a[1] * 7 + (a[0] ? 1 : 0)) % 11) - ((b[1] * 7 + (b[0] ? 1 : 0)) % 11));
          const names = Object.fromEntries(nameKeys.map((key) => [key, `a${key.slice(1)}`]));
          const values = Object.fromEntries(valueKeys.map((key) => [key, { S: key }]));
          const attributes = new ExpressionAttributes(names, values);
          const usedNames = new Set<string>();
          const usedValues = new Set<string>();
          for (const [isName, index] of lookups) {
            // Indexes past the keys look up undefined tokens, which mark nothing.
            if (isName) {
              const key = nameKeys[index] ?? `#missing${index}`;
              if (attributes.resolveName(key) !== undefined) usedNames.add(key);
            } else {
              const key = valueKeys[index] ?? `:missing${index}`;
              if (attributes.resolveValue(key) !== undefined) usedValues.add(key);
            }
          }
          const expected =
            expectedMessage('ExpressionAttributeNames', nameKeys, usedNames) ??
            expectedMessage('ExpressionAttributeValues', valueKeys, usedValues);
          if (expected === undefined) expect(() => attributes.assertAllUsed()).not.toThrow();
          else expect(validationMessage(() => attributes.assertAllUsed())).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('tracks maps of 50,000 keys in time linear in their size', () => {
    const count = 50_000;
    const names = Object.fromEntries(Array.from({ length: count }, (_, index) => [`#n${index}`, `a${index}`]));
    const values = Object.fromEntries(Array.from({ length: count }, (_, index) => [`:v${index}`, { S: 'x' }]));
    const started = performance.now();
    const attributes = new ExpressionAttributes(names, values);
    for (let index = 0; index < count; index++) attributes.resolveName(`#n${index}`);
    for (let index = 1; index < count; index++) attributes.resolveValue(`:v${index}`);
    expect(validationMessage(() => attributes.assertAllUsed())).toBe(
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:v0}',
    );
    // It took minutes when each lookup walked the map.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
