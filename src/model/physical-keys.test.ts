import { describe, expect, it } from 'vitest';
import { indexKeySchema, physicalKeys } from './physical-keys.js';
import { defineTable } from './table.js';

const table = defineTable({
  name: 'research',
  indexes: {
    gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } },
    gsi2: { partitionKey: 'gsi2pk', projection: { type: 'INCLUDE', attributes: ['title'] } },
    byTenant: {
      partitionKey: ['tenantId', { name: 'rank', type: 'N' }],
      sortKey: ['createdAt'],
      projection: { type: 'KEYS_ONLY' },
    },
  },
});

describe('physical keys', () => {
  it('declare template keys as strings and attribute-index keys with their types', () => {
    const keys = physicalKeys(table);
    expect(keys.indexes.map((index) => [index.name, index.partitionKeys, index.sortKeys])).toEqual([
      ['gsi1', [{ name: 'gsi1pk', type: 'S' }], [{ name: 'gsi1sk', type: 'S' }]],
      ['gsi2', [{ name: 'gsi2pk', type: 'S' }], []],
      [
        'byTenant',
        [
          { name: 'tenantId', type: 'S' },
          { name: 'rank', type: 'N' },
        ],
        [{ name: 'createdAt', type: 'S' }],
      ],
    ]);
  });

  it('list every key attribute once, table keys first', () => {
    const shared = defineTable({
      name: 'shared',
      indexes: {
        byTenant: { partitionKey: ['tenantId'], projection: { type: 'ALL' } },
        byTenantDay: { partitionKey: ['tenantId'], sortKey: ['day'], projection: { type: 'ALL' } },
      },
    });
    expect(physicalKeys(shared).attributes.map((attribute) => attribute.name)).toEqual(['pk', 'sk', 'tenantId', 'day']);
  });

  it('give an index key schema of every partition attribute, then every sort attribute', () => {
    expect(indexKeySchema(physicalKeys(table).indexes[2])).toEqual([
      { AttributeName: 'tenantId', KeyType: 'HASH' },
      { AttributeName: 'rank', KeyType: 'HASH' },
      { AttributeName: 'createdAt', KeyType: 'RANGE' },
    ]);
  });
});
