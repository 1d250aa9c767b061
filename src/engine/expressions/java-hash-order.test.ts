import { describe, expect, it } from 'vitest';
import { javaHashSetCopyOrder, javaHashSetOrder, javaStringHash } from './java-hash-order.js';

describe('javaHashSetOrder', () => {
  it('computes String.hashCode in 32-bit arithmetic', () => {
    expect(javaStringHash('zz')).toBe(3904);
    expect(javaStringHash('hello world, this overflows')).toBe(
      [...'hello world, this overflows'].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, 0),
    );
  });

  it('orders names as DynamoDB lists them in "does not project [zz, a, b, x]"', () => {
    expect(javaHashSetOrder(['zz', 'b', 'a', 'x'])).toEqual(['zz', 'a', 'b', 'x']);
  });

  it('drops repeats', () => {
    expect(javaHashSetOrder(['c', 'c', 'd'])).toEqual(['c', 'd']);
  });
});

describe('javaHashSetCopyOrder', () => {
  it('sizes the table once from the whole key count, as the copy constructor does', () => {
    // 12 keys: a set filled by add() keeps 16 buckets, a copy of 12 keys gets 32.
    const keys = Array.from({ length: 12 }, (_, index) => `#k${index}`);
    expect(javaHashSetCopyOrder(keys, keys)).toEqual(
      keys.slice().sort((a, b) => bucket32(a) - bucket32(b) || keys.indexOf(a) - keys.indexOf(b)),
    );
  });

  it('keeps only the asked keys, in the order of the whole set', () => {
    expect(javaHashSetCopyOrder(['zz', 'b', 'a', 'x'], ['x', 'zz'])).toEqual(['zz', 'x']);
  });
});

function bucket32(key: string): number {
  const hash = javaStringHash(key);
  return (hash ^ (hash >>> 16)) & 31;
}
