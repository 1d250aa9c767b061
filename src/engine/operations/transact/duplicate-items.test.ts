import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validationError } from '../../errors.js';
import type { StoredTableDefinition } from '../../storage/storage.js';
import type { AttributeValue, Item } from '../../values/attribute-value.js';
import { itemIdentity } from '../../keys/table-keys.js';
import type { PreparedWrite } from '../../writes/write-pipeline.js';
import { hasDuplicateItem } from './duplicate-items.js';

const table = (name: string, withSort: boolean): StoredTableDefinition => ({
  name,
  partitionKey: { name: 'pk', type: 'S' },
  ...(withSort ? { sortKey: { name: 'sk', type: 'N' } } : {}),
  globalIndexes: [],
  localIndexes: [],
  description: {},
});
const tables = [table('a', true), table('b', true), table('c', false)];

/** Few distinct texts, so that equal keys are frequent; also values that are no simple S/N/B. */
const keyValue: fc.Arbitrary<AttributeValue | undefined> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({ type: fc.constantFrom('S', 'N', 'B'), text: fc.constantFrom('', '1', '2', 'x') })
      .map(({ type, text }) => ({ [type]: text }) as AttributeValue),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { S: 'x', N: '1' },
      { N: 1 },
      { BOOL: true },
      {},
      { SS: ['x'] },
    ) as fc.Arbitrary<AttributeValue>,
  },
);

const write: fc.Arbitrary<PreparedWrite> = fc
  .record({ table: fc.constantFrom(...tables), pk: keyValue, sk: keyValue, keyError: fc.integer({ min: 0, max: 4 }) })
  .map(({ table, pk, sk, keyError }) => {
    const key: Record<string, AttributeValue> = {};
    if (pk !== undefined) key.pk = pk;
    if (sk !== undefined && table.sortKey) key.sk = sk;
    return {
      kind: 'Put',
      tableName: table.name,
      table,
      key: key as Item,
      ...(keyError === 0 ? { keyError: validationError('bad key') } : {}),
    };
  });

/** The first definition: equal identity strings among writes whose key fits the schema. */
function referenceHasDuplicate(writes: readonly PreparedWrite[]): boolean {
  const seen = new Set<string>();
  for (const each of writes) {
    if (each.keyError) continue;
    const identity = itemIdentity(each.tableName, each.table, each.key);
    if (seen.has(identity)) return true;
    seen.add(identity);
  }
  return false;
}

describe('hasDuplicateItem', () => {
  it('finds two writes on one item exactly when their identities are equal', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 12 }), (writes) => {
        expect(hasDuplicateItem(writes.map((each) => ({ write: each })))).toBe(referenceHasDuplicate(writes));
      }),
      { numRuns: 3000 },
    );
  });

  it('tells keys of different types and tables apart', () => {
    const put = (tableIndex: number, pk: AttributeValue, sk: AttributeValue): { write: PreparedWrite } => ({
      write: { kind: 'Put', tableName: tables[tableIndex].name, table: tables[tableIndex], key: { pk, sk } },
    });
    expect(hasDuplicateItem([put(0, { S: '1' }, { N: '1' }), put(0, { N: '1' }, { N: '1' })])).toBe(false);
    expect(hasDuplicateItem([put(0, { S: '1' }, { N: '1' }), put(1, { S: '1' }, { N: '1' })])).toBe(false);
    expect(hasDuplicateItem([put(0, { S: '1' }, { N: '1' }), put(0, { S: '1' }, { N: '2' })])).toBe(false);
    expect(hasDuplicateItem([put(0, { S: '1' }, { N: '1' }), put(0, { S: '1' }, { N: '1' })])).toBe(true);
  });
});
