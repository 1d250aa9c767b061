import { describe, expect, it } from 'vitest';
import type { AttributeValue, Item } from './attribute-value.js';
import { validateAttributeValue, validateItemValues } from './validate-attribute-value.js';
import { errorOf } from '../thrown-error.test-support.js';

const validation = (message: string) => ({ type: 'ValidationException', message });

function nestedLists(containers: number, innermost: AttributeValue = { S: 'x' }): AttributeValue {
  let value = innermost;
  for (let level = 0; level < containers; level++) value = { L: [value] };
  return value;
}

function nestedMaps(containers: number): AttributeValue {
  let value: AttributeValue = { S: 'x' };
  for (let level = 0; level < containers; level++) value = { M: { a: value } };
  return value;
}

describe('validateItemValues', () => {
  it('returns every type unchanged apart from canonical numbers and set order (types/all-types-roundtrip)', () => {
    const item: Item = {
      pk: { S: 'all' },
      n: { N: '42' },
      b: { B: 'AAECAwQ=' },
      t: { BOOL: true },
      z: { NULL: true },
      l: { L: [{ S: 'x' }, { N: '1.0' }, { L: [{ N: '02' }] }, { M: { k: { S: 'v' } } }] },
      m: { M: { inner: { M: { deeper: { N: '1e2' } } } } },
      ss: { SS: ['b', 'a', ''] },
      ns: { NS: ['3', '1.50', '-0'] },
      bs: { BS: ['AQ==', 'Ag=='] },
    };
    expect(validateItemValues(item)).toEqual({
      ...item,
      l: { L: [{ S: 'x' }, { N: '1' }, { L: [{ N: '2' }] }, { M: { k: { S: 'v' } } }] },
      m: { M: { inner: { M: { deeper: { N: '100' } } } } },
      ss: { SS: ['', 'a', 'b'] },
      ns: { NS: ['0', '1.5', '3'] },
    });
  });

  it('accepts empty lists, maps and strings (types/empty-containers)', () => {
    const item: Item = { pk: { S: 'c' }, l: { L: [] }, m: { M: {} }, s: { S: '' }, b: { B: '' } };
    expect(validateItemValues(item)).toEqual(item);
  });

  it('rejects a value with two types (types/attribute-value-two-types)', () => {
    expect(errorOf(() => validateItemValues({ v: { S: 'a', N: '1' } as AttributeValue }))).toEqual(
      validation(
        'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes',
      ),
    );
  });

  it('checks each member of a two-typed value before complaining about the types', () => {
    expect(errorOf(() => validateItemValues({ v: { N: '1', NS: ['x'] } as AttributeValue }))?.message).toBe(
      'The parameter cannot be converted to a numeric value: x',
    );
  });

  it('rejects a value without a type, ignoring null and unknown members', () => {
    const empty = validation('Supplied AttributeValue is empty, must contain exactly one of the supported datatypes');
    expect(errorOf(() => validateItemValues({ v: {} as AttributeValue }))).toEqual(empty);
    expect(errorOf(() => validateItemValues({ v: { X: '1' } as unknown as AttributeValue }))).toEqual(empty);
    expect(errorOf(() => validateItemValues({ v: { S: null } as unknown as AttributeValue }))).toEqual(empty);
    expect(validateItemValues({ v: { S: 'a', N: null } as unknown as AttributeValue })).toEqual({ v: { S: 'a' } });
  });

  it('names a null attribute', () => {
    expect(errorOf(() => validateItemValues({ v: null as unknown as AttributeValue }))).toEqual(
      validation('The supplied Item contains a null AttributeValue: v is null'),
    );
  });

  it('rejects empty attribute names, also inside maps (types/map-empty-key)', () => {
    expect(errorOf(() => validateItemValues({ m: { M: { '': { S: 'v' }, a: { S: 'b' } } } }))).toEqual(
      validation('Empty attribute name'),
    );
    expect(errorOf(() => validateItemValues({ '': { S: 'v' } }))).toEqual(validation('Empty attribute name'));
  });

  it('rejects attribute names and map keys of 64 KB or more, after their value', () => {
    const tooLarge = 'Attribute name is too large, must be less than 65536 bytes';
    expect(() => validateItemValues({ ['x'.repeat(65535)]: { S: 'v' } })).not.toThrow();
    expect(errorOf(() => validateItemValues({ ['x'.repeat(65536)]: { S: 'v' } }))?.message).toBe(tooLarge);
    expect(errorOf(() => validateItemValues({ m: { M: { ['é'.repeat(40000)]: { S: 'v' } } } }))?.message).toBe(
      tooLarge,
    );
    expect(errorOf(() => validateItemValues({ ['x'.repeat(65536)]: { N: 'bad' } }))?.message).toBe(
      'The parameter cannot be converted to a numeric value: bad',
    );
  });

  it('rejects NULL other than true', () => {
    expect(errorOf(() => validateItemValues({ v: { NULL: false } as unknown as AttributeValue }))).toEqual(
      validation('One or more parameter values were invalid: Null attribute value types must have the value of true'),
    );
  });

  it('rejects empty sets with the wording of each set type', () => {
    expect(errorOf(() => validateItemValues({ v: { SS: [] } }))?.message).toBe(
      'One or more parameter values were invalid: An string set  may not be empty',
    );
    expect(errorOf(() => validateItemValues({ v: { NS: [] } }))?.message).toBe(
      'One or more parameter values were invalid: An number set  may not be empty',
    );
    expect(errorOf(() => validateItemValues({ v: { BS: [] } }))?.message).toBe(
      'One or more parameter values were invalid: Binary sets should not be empty',
    );
  });

  it('rejects duplicate set elements with the wording of each set type', () => {
    expect(errorOf(() => validateItemValues({ v: { SS: ['a', 'b', 'a'] } }))).toEqual(
      validation('One or more parameter values were invalid: Input collection [a, b, a] contains duplicates.'),
    );
    // types/number-set-duplicates-after-canonicalization
    expect(errorOf(() => validateItemValues({ v: { NS: ['1', '1.0'] } }))).toEqual(
      validation('Input collection contains duplicates'),
    );
    expect(errorOf(() => validateItemValues({ v: { NS: ['2', '2'] } }))).toEqual(
      validation('Input collection contains duplicates'),
    );
    // types/binary-set-duplicates
    expect(errorOf(() => validateItemValues({ v: { BS: ['AQ==', 'AQ=='] } }))).toEqual(
      validation(
        'One or more parameter values were invalid: Input collection [AQ==, AQ==]of type BS contains duplicates.',
      ),
    );
  });

  it('checks numbers inside number sets', () => {
    expect(errorOf(() => validateItemValues({ v: { NS: ['1', '1e200'] } }))?.message).toBe(
      'Number overflow. Attempting to store a number with magnitude larger than supported range',
    );
  });

  it('reports the first invalid attribute in request order', () => {
    expect(errorOf(() => validateItemValues({ a: { NS: ['x'] }, b: { SS: [] } }))?.message).toBe(
      'The parameter cannot be converted to a numeric value: x',
    );
    expect(errorOf(() => validateItemValues({ b: { SS: [] }, a: { NS: ['x'] } }))?.message).toBe(
      'One or more parameter values were invalid: An string set  may not be empty',
    );
  });

  it('allows 32 levels counting the item itself', () => {
    const tooDeep = validation(
      'Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit',
    );
    expect(() => validateItemValues({ v: nestedLists(31) })).not.toThrow();
    expect(() => validateItemValues({ v: nestedMaps(31) })).not.toThrow();
    expect(errorOf(() => validateItemValues({ v: nestedLists(32) }))).toEqual(tooDeep);
    expect(errorOf(() => validateItemValues({ v: nestedMaps(32) }))).toEqual(tooDeep);
    // An empty list is a level of its own.
    expect(() => validateItemValues({ v: nestedLists(30, { L: [] }) })).not.toThrow();
    expect(errorOf(() => validateItemValues({ v: nestedLists(31, { L: [] }) }))).toEqual(tooDeep);
  });

  it('rejects malformed base64 as a serialization error', () => {
    expect(errorOf(() => validateItemValues({ v: { B: 'AQ=' } }))).toEqual({
      type: 'SerializationException',
      message: 'Base64 encoded length is expected a multiple of 4 bytes but found: 3',
    });
    expect(errorOf(() => validateItemValues({ v: { BS: ['!!!!'] } }))).toEqual({
      type: 'SerializationException',
      message: 'Invalid last non-pad Base64 character dectected',
    });
  });
});

describe('validateAttributeValue', () => {
  it('canonicalizes a single value', () => {
    expect(validateAttributeValue({ N: '1.50' })).toEqual({ N: '1.5' });
    expect(validateAttributeValue({ NS: ['01', '2.0'] })).toEqual({ NS: ['1', '2'] });
  });

  it('wraps errors as DynamoDB does for ExpressionAttributeValues', () => {
    expect(errorOf(() => validateAttributeValue({ SS: [] }, ':a'))).toEqual(
      validation(
        'ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An string set  may not be empty for key :a',
      ),
    );
    expect(errorOf(() => validateAttributeValue({ M: { '': { S: 'x' } } }, ':a'))?.message).toBe(
      'ExpressionAttributeValues contains invalid value: Empty attribute name for key :a',
    );
    expect(errorOf(() => validateAttributeValue(null as unknown as AttributeValue, ':a'))?.message).toBe(
      'ExpressionAttributeValues contains invalid value: The supplied Item contains a null AttributeValue for key :a',
    );
  });

  it('lets an expression value use all 32 levels itself', () => {
    expect(() => validateAttributeValue(nestedLists(32), ':a')).not.toThrow();
    expect(errorOf(() => validateAttributeValue(nestedLists(33), ':a'))?.message).toBe(
      'ExpressionAttributeValues contains invalid value: Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit for key :a',
    );
  });
});
