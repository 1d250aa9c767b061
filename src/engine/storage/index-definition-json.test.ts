import { describe, expect, it } from 'vitest';
import { tableDefinitionFromJson, tableDefinitionJson } from './index-definition-json.js';
import type { StoredTableDefinition } from './storage.js';

const base = { name: 't', partitionKey: { name: 'pk', type: 'S' }, localIndexes: [], description: {} } as const;

describe('index definitions in the catalog JSON', () => {
  it('reads a definition written before multi-attribute keys into key lists', () => {
    const legacy = JSON.stringify({
      ...base,
      globalIndexes: [
        {
          name: 'bySk',
          kind: 'global',
          partitionKey: { name: 'g', type: 'S' },
          sortKey: { name: 'h', type: 'N' },
          projection: { type: 'ALL' },
        },
        { name: 'byG', kind: 'global', partitionKey: { name: 'g', type: 'S' }, projection: { type: 'KEYS_ONLY' } },
      ],
    });
    const [withSort, hashOnly] = tableDefinitionFromJson(legacy).globalIndexes;
    expect(withSort).toEqual({
      name: 'bySk',
      kind: 'global',
      partitionKeys: [{ name: 'g', type: 'S' }],
      sortKeys: [{ name: 'h', type: 'N' }],
      projection: { type: 'ALL' },
    });
    expect(hashOnly.sortKeys).toEqual([]);
  });

  it('writes single-attribute indexes with the members older readers know, multi-attribute ones as lists only', () => {
    const definition: StoredTableDefinition = {
      ...base,
      globalIndexes: [
        {
          name: 'one',
          kind: 'global',
          partitionKeys: [{ name: 'g', type: 'S' }],
          sortKeys: [{ name: 'h', type: 'N' }],
          projection: { type: 'ALL' },
        },
        {
          name: 'two',
          kind: 'global',
          partitionKeys: [
            { name: 'a', type: 'S' },
            { name: 'b', type: 'N' },
          ],
          sortKeys: [],
          projection: { type: 'ALL' },
        },
      ],
    };
    const json = JSON.parse(tableDefinitionJson(definition));
    expect(json.globalIndexes[0]).toMatchObject({
      partitionKey: { name: 'g', type: 'S' },
      sortKey: { name: 'h', type: 'N' },
    });
    expect(json.globalIndexes[1].partitionKey).toBeUndefined();
    expect(tableDefinitionFromJson(tableDefinitionJson(definition))).toEqual(definition);
  });
});
