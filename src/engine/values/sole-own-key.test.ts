import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { soleOwnKey } from './sole-own-key.js';

describe('soleOwnKey', () => {
  it('names the only own enumerable member, as Object.keys would', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 0 }), { maxKeys: 3 }),
        (record) => {
          const keys = Object.keys(record);
          expect(soleOwnKey(record)).toBe(keys.length === 1 ? keys[0] : undefined);
        },
      ),
    );
  });

  it('ignores inherited and non-enumerable members', () => {
    const value = Object.create({ inherited: 1 }) as Record<string, unknown>;
    Object.defineProperty(value, 'hidden', { value: 2, enumerable: false });
    value.S = 'x';
    expect(soleOwnKey(value)).toBe('S');
    expect(soleOwnKey({})).toBeUndefined();
  });
});
