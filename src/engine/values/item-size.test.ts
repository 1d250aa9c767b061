import { describe, expect, it } from 'vitest';
import { attributeValueSize, itemSize, numberSize } from './item-size.js';

// Sizes measured against DynamoDB's 400 KB item limit, one byte at a time.
describe('attributeValueSize', () => {
  it.each([
    ['0', 1],
    ['1', 2],
    ['12', 2],
    ['123', 3],
    ['1234', 3],
    ['-1', 3],
    ['0.5', 2],
    ['0.05', 2],
    ['1e100', 2],
    ['1.5e-100', 3],
    ['12345678901234567890123456789012345678', 20],
  ])('counts the number %s as %i bytes', (text, size) => {
    expect(numberSize(text)).toBe(size);
  });

  it('counts strings in UTF-8 bytes and binaries in raw bytes', () => {
    expect(attributeValueSize({ S: 'é😀' })).toBe(6);
    expect(attributeValueSize({ B: 'AAECAw==' })).toBe(4);
  });

  it('counts BOOL and NULL as one byte', () => {
    expect(attributeValueSize({ BOOL: true })).toBe(1);
    expect(attributeValueSize({ NULL: true })).toBe(1);
  });

  it('counts sets as the sum of their elements', () => {
    expect(attributeValueSize({ SS: ['ab', 'c'] })).toBe(3);
    expect(attributeValueSize({ NS: ['1', '12'] })).toBe(4);
  });

  it('counts three bytes per list or map plus one per element and the map keys', () => {
    expect(attributeValueSize({ L: [] })).toBe(3);
    expect(attributeValueSize({ M: {} })).toBe(3);
    expect(attributeValueSize({ L: [{ S: 'ab' }] })).toBe(6);
    expect(attributeValueSize({ M: { k: { S: 'ab' } } })).toBe(7);
  });
});

describe('itemSize', () => {
  it('adds the UTF-8 bytes of every attribute name', () => {
    expect(itemSize({ pk: { S: 'a' }, x: { S: 'x'.repeat(409596) } })).toBe(400 * 1024);
    expect(itemSize({ é: { N: '1' } })).toBe(4);
  });
});
