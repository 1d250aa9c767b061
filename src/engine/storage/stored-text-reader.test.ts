import { describe, expect, it } from 'vitest';
import { GIVE_UP, type StoredItemVisitor } from './stored-item-visitor.js';
import { AttributeNameMemo, readStoredItem } from './stored-text-reader.js';

/** Values tagged with what the reader called, so a test sees every call and its order. */
const tagging: StoredItemVisitor<unknown> = {
  string: (text) => ['string', text],
  number: (text) => ['number', text],
  binary: (base64) => ['binary', base64],
  boolean: (value) => ['boolean', value],
  null: (value) => ['null', value],
  strings: (texts) => ['strings', texts],
  numbers: (texts) => ['numbers', texts],
  binaries: (texts) => ['binaries', texts],
  list: (elements) => ['list', elements],
  map: (members) => ['map', members],
  ownProtoMember: () => true,
};

const item = {
  s: { S: 'x' },
  n: { N: '1.5' },
  b: { B: 'AAE=' },
  t: { BOOL: true },
  z: { NULL: true },
  ss: { SS: ['a', 'b'] },
  ns: { NS: ['1'] },
  bs: { BS: ['AQ=='] },
  l: { L: [{ S: 'y' }, { M: {} }] },
  m: { M: { inner: { N: '2' } } },
};

describe('readStoredItem', () => {
  it('hands every kind of value to the visitor, nested values built first', () => {
    expect(readStoredItem(JSON.stringify(item), 0, tagging, undefined)).toEqual({
      s: ['string', 'x'],
      n: ['number', '1.5'],
      b: ['binary', 'AAE='],
      t: ['boolean', true],
      z: ['null', true],
      ss: ['strings', ['a', 'b']],
      ns: ['numbers', ['1']],
      bs: ['binaries', ['AQ==']],
      l: [
        'list',
        [
          ['string', 'y'],
          ['map', {}],
        ],
      ],
      m: ['map', { inner: ['number', '2'] }],
    });
  });

  it('reads from a start position, with or without a memo of names, alike', () => {
    const text = `123${JSON.stringify(item)}`;
    const names = new AttributeNameMemo();
    const first = readStoredItem(text, 3, tagging, names);
    expect(readStoredItem(text, 3, tagging, names)).toEqual(first);
    expect(readStoredItem(text, 3, tagging, undefined)).toEqual(first);
    // A memo filled by other items' names still reads this item's own.
    readStoredItem('{"other":{"S":"o"},"names":{"S":"p"}}', 0, tagging, names);
    expect(readStoredItem(text, 3, tagging, names)).toEqual(first);
  });

  it('gives up where the visitor throws GIVE_UP, and lets any other error through', () => {
    const refusing: StoredItemVisitor<unknown> = {
      ...tagging,
      number: () => {
        throw GIVE_UP;
      },
    };
    expect(readStoredItem('{"a":{"S":"x"},"b":{"N":"1"}}', 0, refusing, undefined)).toBeUndefined();
    const failing: StoredItemVisitor<unknown> = {
      ...tagging,
      number: () => {
        throw new RangeError('not a number');
      },
    };
    expect(() => readStoredItem('{"b":{"N":"1"}}', 0, failing, undefined)).toThrow(RangeError);
  });

  it('asks about a __proto__ member before building its value, and keeps it as an own member if told so', () => {
    const built: string[] = [];
    const noProto: StoredItemVisitor<unknown> = {
      ...tagging,
      string: (text) => (built.push(text), text),
      ownProtoMember: (topLevel) => !topLevel,
    };
    expect(readStoredItem('{"__proto__":{"S":"top"}}', 0, noProto, undefined)).toBeUndefined();
    expect(built).toEqual([]);
    const nested = readStoredItem('{"m":{"M":{"__proto__":{"S":"inner"}}}}', 0, noProto, undefined) as {
      m: [string, Record<string, unknown>];
    };
    expect(Object.hasOwn(nested.m[1], '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(nested.m[1])).toBe(Object.prototype);
  });

  it('leaves text with escapes, or in any other form, to JSON.parse', () => {
    expect(readStoredItem('{"a":{"S":"quote \\" inside"}}', 0, tagging, undefined)).toBeUndefined();
    expect(readStoredItem('{"a": {"S":"x"}}', 0, tagging, undefined)).toBeUndefined();
    expect(readStoredItem('{"a":{"X":"x"}}', 0, tagging, undefined)).toBeUndefined();
    expect(readStoredItem('{"a":{"S":"x"}}trailing', 0, tagging, undefined)).toBeUndefined();
  });
});
