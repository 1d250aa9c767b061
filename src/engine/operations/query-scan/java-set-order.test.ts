import { describe, expect, it } from 'vitest';
import { javaHashSetOrder, javaStringHash } from './java-set-order.js';

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
