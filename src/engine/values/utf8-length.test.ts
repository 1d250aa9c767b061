import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length } from './utf8-length.js';

describe('utf8Length', () => {
  it('counts what Buffer.byteLength counts, short or long, ASCII or not', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
    );
    fc.assert(
      fc.property(text, (sample) => {
        expect(utf8Length(sample)).toBe(Buffer.byteLength(sample, 'utf8'));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts lone surrogates as Node does', () => {
    for (const sample of ['\ud800', 'a\udc00b', '\ud83d\ude00', 'é'.repeat(33)])
      expect(utf8Length(sample)).toBe(Buffer.byteLength(sample, 'utf8'));
  });
});
