import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttributeValue, Item } from './attribute-value.js';
import { decodeBase64 } from './base64.js';
import { attributeValueSize, itemSize, numberSize } from './item-size.js';
import { canonicalizeNumber } from './numbers.js';
import { setOwnProperty } from './own-property.js';
import { validateAttributeValue, validateItemValues } from './validate-attribute-value.js';
import { invalidValue, valueMessages } from './value-errors.js';

/*
 * The value checks and sizes take shortcuts for the usual value (one type tag, found
 * without listing the members; scalars already in stored form returned as they are; the
 * type found by a switch). These references are the straightforward versions they
 * replaced; the shortcuts must answer exactly as they do.
 */

const knownTypes = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS', 'BS']);

function referenceTyped(type: string, member: unknown, level: number): AttributeValue {
  switch (type) {
    case 'S':
      return { S: member as string };
    case 'N':
      return { N: canonicalizeNumber(member as string) };
    case 'B':
      decodeBase64(member as string);
      return { B: member as string };
    case 'BOOL':
      return { BOOL: member as boolean };
    case 'NULL':
      if (member !== true) throw invalidValue(valueMessages.nullNotTrue);
      return { NULL: true };
    case 'SS':
    case 'NS':
    case 'BS':
      // Sets take the same code on both sides; the generators below barely use them.
      return validateAttributeValue({ [type]: member } as AttributeValue);
    case 'M': {
      if (level + 1 > 32) throw invalidValue(valueMessages.nestingTooDeep);
      const checked: Record<string, AttributeValue> = {};
      for (const name of Object.keys(member as object)) {
        setOwnProperty(checked, name, referenceMember(name, (member as Record<string, unknown>)[name], level + 1));
      }
      return { M: checked };
    }
    default: {
      if (level + 1 > 32) throw invalidValue(valueMessages.nestingTooDeep);
      return { L: (member as unknown[]).map((element, index) => referenceValue(element, level + 1, String(index))) };
    }
  }
}

function referenceValue(value: unknown, level: number, name: string): AttributeValue {
  if (value === null || value === undefined) throw invalidValue(valueMessages.nullAttribute(name));
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidValue(valueMessages.emptyValue);
  const record = value as Record<string, unknown>;
  const members = Object.keys(record);
  const types = members.filter((type) => knownTypes.has(type) && record[type] !== null && record[type] !== undefined);
  if (members.length === 1 && types.length === 0) throw invalidValue(valueMessages.emptyValue);
  if (types.length === 0) throw invalidValue(valueMessages.emptyValue);
  let checked: AttributeValue | undefined;
  for (const type of types) checked = referenceTyped(type, record[type], level);
  if (types.length > 1) throw invalidValue(valueMessages.severalTypes);
  return checked as AttributeValue;
}

function referenceMember(name: string, value: unknown, level: number): AttributeValue {
  if (name === '') throw invalidValue(valueMessages.emptyAttributeName);
  return referenceValue(value, level, name);
}

function referenceItem(item: Record<string, unknown>): Item {
  const checked: Item = {};
  for (const name of Object.keys(item)) setOwnProperty(checked, name, referenceMember(name, item[name], 1));
  return checked;
}

function referenceSize(value: AttributeValue): number {
  if ('S' in value) return Buffer.byteLength(value.S, 'utf8');
  if ('N' in value) return numberSize(value.N);
  if ('B' in value) return Buffer.from(value.B, 'base64').length;
  if ('BOOL' in value || 'NULL' in value) return 1;
  if ('SS' in value) return value.SS.reduce((sum, element) => sum + Buffer.byteLength(element, 'utf8'), 0);
  if ('NS' in value) return value.NS.reduce((sum, element) => sum + numberSize(element), 0);
  if ('BS' in value) return value.BS.reduce((sum, element) => sum + Buffer.from(element, 'base64').length, 0);
  if ('L' in value) return value.L.reduce((sum, element) => sum + 1 + referenceSize(element), 3);
  if ('M' in value) {
    let size = 3;
    for (const name in value.M) size += 1 + Buffer.byteLength(name, 'utf8') + referenceSize(value.M[name]);
    return size;
  }
  return 0;
}

function outcome<T>(work: () => T): { value: T } | { type: string; message: string } {
  try {
    return { value: work() };
  } catch (error) {
    const { name, message } = error as Error;
    return { type: name, message };
  }
}

const names = fc.constantFrom('pk', 'sk', 'data', 'é', '', '__proto__', 'n');
const numberTexts = fc.constantFrom('0', '1', '-7', '10', '01.50', '1e3', '-0', 'abc', '1'.repeat(39), '9'.repeat(38));
const base64Texts = fc.oneof(
  fc.uint8Array({ maxLength: 7 }).map((bytes) => Buffer.from(bytes).toString('base64')),
  fc.constantFrom('AR==', 'abc', '!!!!'),
);

/** Mostly valid values, with the malformed shapes DynamoDB names in its messages. */
const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 4 }).map((text) => ({ S: text })),
    fc.string({ unit: 'binary', maxLength: 3 }).map((text) => ({ S: text })),
    numberTexts.map((text) => ({ N: text })),
    base64Texts.map((text) => ({ B: text })),
    fc.boolean().map((flag) => ({ BOOL: flag })),
    fc.constantFrom<unknown>(
      { NULL: true },
      { NULL: false },
      { S: 'a', N: '1' },
      { S: 'a', N: null },
      { X: 'x' },
      {},
      null,
      'text',
    ),
    fc.constantFrom<unknown>({ SS: ['a', 'b'] }, { NS: ['1', '1.0'] }, { BS: ['AQ=='] }, { SS: [] }),
    fc.dictionary(names, tie('value'), { maxKeys: 3 }).map((members) => ({ M: members })),
    fc.array(tie('value'), { maxLength: 3 }).map((elements) => ({ L: elements })),
  ),
})).value;

const anyItem = fc.dictionary(names, anyValue, { maxKeys: 4 });

describe('value check shortcuts', () => {
  it('validateItemValues answers as the reference does, errors included', () => {
    fc.assert(
      fc.property(anyItem, (item) => {
        expect(outcome(() => validateItemValues(item as Item))).toStrictEqual(outcome(() => referenceItem(item)));
      }),
      { numRuns: 3000 },
    );
  });

  it('validateAttributeValue answers as the reference does, errors included', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(outcome(() => validateAttributeValue(value as AttributeValue))).toStrictEqual(
          outcome(() => referenceValue(value, 1, '')),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('returns a scalar already in stored form as it is, and copies one that changes', () => {
    const text = { S: 'a' };
    const integer = { N: '12' };
    const decimal = { N: '01.50' };
    const checked = validateItemValues({ text, integer, decimal });
    expect(checked.text).toBe(text);
    expect(checked.integer).toBe(integer);
    expect(checked.decimal).toStrictEqual({ N: '1.5' });
    expect(decimal).toStrictEqual({ N: '01.50' });
  });

  it('never hands back a list or map of the input, nor a value with a null member', () => {
    const list = { L: [{ S: 'a' }] };
    const map = { M: { a: { S: 'a' } } };
    const loose = { S: 'a', N: null } as unknown as AttributeValue;
    const checked = validateItemValues({ list, map, loose });
    expect(checked.list).not.toBe(list);
    expect(checked.map).not.toBe(map);
    expect(checked.loose).toStrictEqual({ S: 'a' });
  });
});

describe('size shortcuts', () => {
  it('size every valid value as the reference does', () => {
    const validItems = anyItem
      .map((item) => outcome(() => validateItemValues(item as Item)))
      .filter((result) => 'value' in result);
    fc.assert(
      fc.property(validItems, (result) => {
        const item = (result as { value: Item }).value;
        expect(itemSize(item)).toBe(
          Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + referenceSize(value), 0),
        );
        for (const value of Object.values(item)) expect(attributeValueSize(value)).toBe(referenceSize(value));
      }),
      { numRuns: 3000 },
    );
  });
});
