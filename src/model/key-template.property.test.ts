import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModelDefinitionError } from './errors.js';
import { escapeKeyValue, unescapeKeyValue } from './key-escaping.js';
import { parseKeyTemplate, parseKeyValue, renderKeyTemplate } from './key-template.js';

/** Any text a caller may put in a key: every UTF-16 unit, lone surrogates excluded (DynamoDB refuses them). */
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 });
/** Text rich in the characters escaping is about. */
const tricky = fc.string({
  unit: fc.constantFrom('#', '%', '2', '3', 'a', '|', ':', '-', 'é', '😀'),
  minLength: 1,
  maxLength: 12,
});
const separators = fc.constantFrom('#', '|', '::', '~');
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

describe('key escaping (property)', () => {
  it('unescapes every escaped value back to itself', () => {
    fc.assert(
      fc.property(fc.oneof(text, tricky), separators, (value, separator) => {
        expect(unescapeKeyValue(escapeKeyValue(value, separator))).toBe(value);
      }),
    );
  });

  it('leaves no separator character inside an escaped value', () => {
    fc.assert(
      fc.property(fc.oneof(text, tricky), separators, (value, separator) => {
        const escaped = escapeKeyValue(value, separator);
        for (const char of separator) expect(escaped).not.toContain(char);
      }),
    );
  });

  it('gives two different values two different escaped forms', () => {
    fc.assert(
      fc.property(tricky, tricky, separators, (a, b, separator) => {
        fc.pre(a !== b);
        expect(escapeKeyValue(a, separator)).not.toBe(escapeKeyValue(b, separator));
      }),
    );
  });
});

describe('key templates (property)', () => {
  it('parse back the values any composite key was rendered from', () => {
    fc.assert(
      fc.property(
        fc.oneof(text, tricky),
        fc.oneof(text, tricky),
        fc.oneof(text, tricky),
        separators,
        (kind, expert, label, separator) => {
          const template = parseKeyTemplate(['DOC', '{kind}', '{expert}', 'L{label}'].join(separator), separator);
          const key = renderKeyTemplate(template, { kind, expert, label });
          expect(parseKeyValue(template, key)).toEqual({ kind, expert, label });
        },
      ),
    );
  });

  it('render different values to different keys', () => {
    const template = parseKeyTemplate('P#{a}#{b}');
    fc.assert(
      fc.property(tricky, tricky, tricky, tricky, (a1, b1, a2, b2) => {
        fc.pre(a1 !== a2 || b1 !== b2);
        expect(renderKeyTemplate(template, { a: a1, b: b1 })).not.toBe(renderKeyTemplate(template, { a: a2, b: b2 }));
      }),
    );
  });

  it('sort zero-padded numbers in numeric order, as DynamoDB compares strings (UTF-8 bytes)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 13 }), fc.nat(), fc.nat(), (width, x, y) => {
        const limit = 10 ** width;
        const [a, b] = [x % limit, y % limit];
        const template = parseKeyTemplate(`EVENT#{at:${width}}#x`);
        const order = byteOrder(renderKeyTemplate(template, { at: a }), renderKeyTemplate(template, { at: b }));
        expect(Math.sign(order)).toBe(Math.sign(a - b));
      }),
    );
  });

  it('sort zero-padded bigints in numeric order too', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }),
        fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }),
        (a, b) => {
          const template = parseKeyTemplate('N#{n:20}');
          const order = byteOrder(renderKeyTemplate(template, { n: a }), renderKeyTemplate(template, { n: b }));
          expect(Math.sign(order)).toBe(a === b ? 0 : a < b ? -1 : 1);
        },
      ),
    );
  });

  it('render a zero-padded number exactly width digits long while it fits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 15 }), fc.nat(), (width, n) => {
        const value = n % 10 ** width;
        const key = renderKeyTemplate(parseKeyTemplate(`{n:${width}}`), { n: value });
        expect(key).toHaveLength(width);
        expect(Number(key)).toBe(value);
      }),
    );
  });

  it('refuse two placeholders joined by a literal that does not start with the separator, since such keys are ambiguous', () => {
    fc.assert(
      fc.property(fc.constantFrom('-', 'x', '.', '_', 'ab'), (literal) => {
        expect(() => parseKeyTemplate(`A#{x}${literal}{y}`)).toThrow(ModelDefinitionError);
      }),
    );
  });
});
