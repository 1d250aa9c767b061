import { describe, expect, it } from 'vitest';
import { valuesEqual } from './values-equal.js';

describe('valuesEqual', () => {
  it('compares numbers numerically', () => {
    expect(valuesEqual({ N: '1.0' }, { N: '1' })).toBe(true);
    expect(valuesEqual({ N: '1' }, { N: '2' })).toBe(false);
  });

  it('never equates different types', () => {
    expect(valuesEqual({ S: '1' }, { N: '1' })).toBe(false);
    expect(valuesEqual({ SS: ['a'] }, { L: [{ S: 'a' }] })).toBe(false);
    expect(valuesEqual({ NULL: true }, { BOOL: false })).toBe(false);
  });

  it('compares sets regardless of order', () => {
    expect(valuesEqual({ SS: ['a', 'b'] }, { SS: ['b', 'a'] })).toBe(true);
    expect(valuesEqual({ NS: ['1', '2.0'] }, { NS: ['2', '1'] })).toBe(true);
    expect(valuesEqual({ BS: ['AQ==', 'Ag=='] }, { BS: ['Ag==', 'AQ=='] })).toBe(true);
    expect(valuesEqual({ SS: ['a', 'b'] }, { SS: ['a'] })).toBe(false);
  });

  it('compares lists in order and maps by key, deeply', () => {
    expect(valuesEqual({ L: [{ N: '1' }, { S: 'x' }] }, { L: [{ N: '1.0' }, { S: 'x' }] })).toBe(true);
    expect(valuesEqual({ L: [{ N: '1' }, { S: 'x' }] }, { L: [{ S: 'x' }, { N: '1' }] })).toBe(false);
    expect(valuesEqual({ M: { a: { M: { b: { N: '1' } } } } }, { M: { a: { M: { b: { N: '1' } } } } })).toBe(true);
    expect(valuesEqual({ M: { a: { N: '1' } } }, { M: { b: { N: '1' } } })).toBe(false);
    expect(valuesEqual({ M: {} }, { M: { a: { N: '1' } } })).toBe(false);
  });
});
