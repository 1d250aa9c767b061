import { describe, expect, it } from 'vitest';
import { inSetOrder } from './set-order.js';

describe('inSetOrder', () => {
  it('orders strings by UTF-16 code units, so U+10000 comes before U+E000', () => {
    expect(inSetOrder('SS', ['\ue000', 'b', '\u{10000}', 'B', 'a'])).toEqual(['B', 'a', 'b', '\u{10000}', '\ue000']);
  });

  it('orders numbers numerically, beyond the precision of a double', () => {
    expect(
      inSetOrder('NS', [
        '10',
        '-1',
        '0.5',
        '12345678901234567890123456789012345679',
        '12345678901234567890123456789012345678',
      ]),
    ).toEqual(['-1', '0.5', '10', '12345678901234567890123456789012345678', '12345678901234567890123456789012345679']);
  });

  it('orders binaries by unsigned bytes, a prefix first', () => {
    const base64 = (...hex: string[]) => hex.map((text) => Buffer.from(text, 'hex').toString('base64'));
    expect(inSetOrder('BS', base64('ff', '80', '7f', '0001', '00'))).toEqual(base64('00', '0001', '7f', '80', 'ff'));
  });

  it('returns the input itself when it is already in order', () => {
    const sorted = ['a', 'b', 'c'];
    expect(inSetOrder('SS', sorted)).toBe(sorted);
    const unsorted = ['b', 'a'];
    expect(inSetOrder('SS', unsorted)).not.toBe(unsorted);
    expect(unsorted).toEqual(['b', 'a']);
  });
});
