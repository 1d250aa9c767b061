import { describe, expect, it } from 'vitest';
import { ModelDefinitionError } from './errors.js';
import { defineTable, reservedAttributeNames } from './table.js';

describe('defineTable', () => {
  it("fills in the guide's defaults", () => {
    expect(defineTable({ name: 'research' })).toEqual({
      name: 'research',
      partitionKey: 'pk',
      sortKey: 'sk',
      indexes: {},
      billingMode: { mode: 'PAY_PER_REQUEST' },
      pointInTimeRecovery: true,
      emptyStrings: 'omit',
      entityTypeAttribute: '_type',
      separator: '#',
    });
  });

  it('returns a frozen declaration', () => {
    expect(Object.isFrozen(defineTable({ name: 'research' }))).toBe(true);
  });

  it('refuses a table name DynamoDB would refuse', () => {
    for (const name of ['ab', 'has space', 'x'.repeat(256), 'émoji']) {
      expect(() => defineTable({ name }), name).toThrow(ModelDefinitionError);
    }
  });

  it('refuses an index name DynamoDB would refuse', () => {
    expect(() =>
      defineTable({ name: 'research', indexes: { g1: { partitionKey: 'a', projection: { type: 'ALL' } } } }),
    ).toThrow("index 'g1': an index name is 3-255 characters of [a-zA-Z0-9_.-]");
  });

  it('refuses a TTL attribute that is a key attribute', () => {
    expect(() => defineTable({ name: 'research', timeToLiveAttribute: 'sk' })).toThrow(
      'the TTL attribute cannot be a key attribute',
    );
    expect(() =>
      defineTable({
        name: 'research',
        timeToLiveAttribute: 'gsi1pk',
        indexes: { gsi1: { partitionKey: 'gsi1pk', projection: { type: 'ALL' } } },
      }),
    ).toThrow(ModelDefinitionError);
  });

  it('refuses an attribute-keyed index on an attribute the repository writes', () => {
    expect(() =>
      defineTable({
        name: 'research',
        timeToLiveAttribute: 'expires',
        indexes: { byExpiry: { partitionKey: ['expires'], projection: { type: 'ALL' } } },
      }),
    ).toThrow(/'expires' is a table key, template index key, entity type or TTL attribute/);
  });

  it('refuses one key attribute typed differently by two attribute-keyed indexes', () => {
    expect(() =>
      defineTable({
        name: 'research',
        indexes: {
          byRank: { partitionKey: [{ name: 'rank', type: 'N' }], projection: { type: 'ALL' } },
          byRankText: { partitionKey: ['rank'], projection: { type: 'ALL' } },
        },
      }),
    ).toThrow("key attribute 'rank' is S here but N in another index");
  });

  it('reserves table keys, template index keys, entity type and TTL, but not attribute-index keys', () => {
    const table = defineTable({
      name: 'research',
      timeToLiveAttribute: 'expires_at',
      indexes: {
        gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } },
        byTenant: { partitionKey: ['tenantId'], projection: { type: 'KEYS_ONLY' } },
      },
    });
    expect([...reservedAttributeNames(table)].sort()).toEqual(['_type', 'expires_at', 'gsi1pk', 'gsi1sk', 'pk', 'sk']);
  });
});
