import { describe, expect, it } from 'vitest';
import type { StoredTableDefinition } from '../storage/storage.js';
import { lastEvaluatedKey, validateQueryStartKey, validateScanStartKey } from './exclusive-start-key.js';
import { resolveReadTarget } from './read-target.js';

const table: StoredTableDefinition = {
  name: 'orders',
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'N' },
  globalIndexes: [
    {
      name: 'gsi',
      kind: 'global',
      partitionKeys: [{ name: 'gpk', type: 'S' }],
      sortKeys: [{ name: 'gsk', type: 'N' }],
      projection: { type: 'ALL' },
    },
  ],
  localIndexes: [],
  description: {},
};
const onTable = resolveReadTarget(table, undefined, false);
const onIndex = resolveReadTarget(table, 'gsi', false);
const partitionP = { partitionValues: [{ S: 'p' }] };

describe('lastEvaluatedKey', () => {
  it('keeps only the key attributes', () => {
    expect(lastEvaluatedKey({ pk: { S: 'p' }, sk: { N: '1' }, v: { S: 'x' } }, ['pk', 'sk'])).toEqual({
      pk: { S: 'p' },
      sk: { N: '1' },
    });
  });
});

describe('validateQueryStartKey', () => {
  it('accepts a key of the queried partition', () => {
    expect(() => validateQueryStartKey({ pk: { S: 'p' }, sk: { N: '3' } }, onTable, partitionP)).not.toThrow();
  });

  it('rejects a key missing an attribute or carrying an extra one', () => {
    expect(() => validateQueryStartKey({ pk: { S: 'p' } }, onTable, partitionP)).toThrow(
      /^The provided starting key is invalid$/,
    );
    expect(() => validateQueryStartKey({ pk: { S: 'p' }, sx: { N: '1' } }, onTable, partitionP)).toThrow(
      /^The provided starting key is invalid$/,
    );
    expect(() => validateQueryStartKey({ pk: { S: 'p' }, sk: { N: '1' }, x: { N: '1' } }, onTable, partitionP)).toThrow(
      /^The provided starting key is invalid$/,
    );
  });

  it('rejects a key of another type than the schema', () => {
    expect(() => validateQueryStartKey({ pk: { S: 'p' }, sk: { S: '1' } }, onTable, partitionP)).toThrow(
      'The provided key element does not match the schema',
    );
  });

  it('rejects a key of another partition', () => {
    expect(() => validateQueryStartKey({ pk: { S: 'other' }, sk: { N: '1' } }, onTable, partitionP)).toThrow(
      'The provided starting key is outside query boundaries based on provided conditions',
    );
  });

  it('rejects a sort key outside the sort-key predicate', () => {
    const condition = { ...partitionP, sortCondition: { operator: '>' as const, values: [{ N: '3' }] } };
    expect(() => validateQueryStartKey({ pk: { S: 'p' }, sk: { N: '3' } }, onTable, condition)).toThrow(
      'The provided starting key does not match the range key predicate',
    );
    expect(() => validateQueryStartKey({ pk: { S: 'p' }, sk: { N: '3.5' } }, onTable, condition)).not.toThrow();
  });

  it('on an index wants the index keys and the table keys', () => {
    const gpartition = { partitionValues: [{ S: 'g' }] };
    expect(() =>
      validateQueryStartKey({ gpk: { S: 'g' }, gsk: { N: '1' }, pk: { S: 'p' }, sk: { N: '1' } }, onIndex, gpartition),
    ).not.toThrow();
    expect(() => validateQueryStartKey({ gpk: { S: 'g' }, gsk: { N: '1' } }, onIndex, gpartition)).toThrow(
      /^The provided starting key is invalid$/,
    );
    expect(() =>
      validateQueryStartKey({ gpk: { S: 'g' }, gsk: { N: '1' }, pk: { S: 'p' }, sk: { S: '1' } }, onIndex, gpartition),
    ).toThrow('The provided starting key is invalid: The provided key element does not match the schema');
  });
});

describe('validateScanStartKey', () => {
  it('accepts any table key and rejects other shapes', () => {
    expect(() => validateScanStartKey({ pk: { S: 'q' }, sk: { N: '1' } }, onTable)).not.toThrow();
    expect(() => validateScanStartKey({ pk: { S: 'q' } }, onTable)).toThrow(
      'The provided starting key is invalid: The provided key element does not match the schema',
    );
    expect(() => validateScanStartKey({ pk: { S: '' }, sk: { N: '1' } }, onTable)).toThrow(
      'One or more parameter values were invalid: The AttributeValue for a key attribute cannot contain an empty string value. Key: pk',
    );
  });
});
