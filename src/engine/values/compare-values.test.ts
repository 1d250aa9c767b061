import { describe, expect, it } from 'vitest';
import { compareValues } from './compare-values.js';

describe('compareValues', () => {
  it('orders numbers numerically, not as text', () => {
    expect(compareValues({ N: '9' }, { N: '10' })).toBeLessThan(0);
    expect(compareValues({ N: '-1' }, { N: '-1.0' })).toBe(0);
  });

  it('orders strings by UTF-8 bytes, putting supplementary characters after U+FFFF-range ones', () => {
    expect(compareValues({ S: 'B' }, { S: 'a' })).toBeLessThan(0);
    expect(compareValues({ S: '\u{1F600}' }, { S: '\uFFFD' })).toBeGreaterThan(0);
    expect(compareValues({ S: 'ab' }, { S: 'a' })).toBeGreaterThan(0);
  });

  it('orders binaries by unsigned bytes', () => {
    expect(compareValues({ B: 'gA==' }, { B: 'fw==' })).toBeGreaterThan(0);
  });

  it('refuses to order values of different or non-scalar types', () => {
    expect(() => compareValues({ S: '1' }, { N: '1' })).toThrow(TypeError);
    expect(() => compareValues({ BOOL: true }, { BOOL: false })).toThrow(TypeError);
  });
});
