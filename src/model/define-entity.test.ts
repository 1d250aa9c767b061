import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity } from './entity.js';
import { ModelDefinitionError } from './errors.js';
import { defineTable } from './table.js';

const table = defineTable({
  name: 'research',
  timeToLiveAttribute: 'expires_at',
  indexes: {
    gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } },
    gsi2: { partitionKey: 'gsi2pk', projection: { type: 'ALL' } },
  },
});
const noTtl = defineTable({ name: 'plain' });
const attributes = { id: z.string(), status: z.enum(['a', 'b']), createdAt: z.string() };
const key = { pk: 'JOB#{id}', sk: 'META' };
// JavaScript callers reach the run-time checks the types would have caught.
const loose = defineEntity as unknown as (t: unknown, config: Record<string, unknown>) => unknown;

describe('defineEntity', () => {
  it('parses the key and index templates and keeps the rest as declared', () => {
    const job = defineEntity(table, {
      name: 'job',
      attributes,
      key,
      indexes: { gsi1: { pk: 'STATUS#{status}', sk: '{createdAt}' } },
      version: 'version',
    });
    expect(job.key.pk.placeholders).toEqual(['id']);
    expect(job.indexes.gsi1.pk.source).toBe('STATUS#{status}');
    expect(job.version).toBe('version');
    expect(Object.isFrozen(job)).toBe(true);
  });

  it('refuses an attribute named like a table key, index key, entity type or TTL attribute', () => {
    for (const reserved of ['pk', 'gsi1sk', '_type', 'expires_at']) {
      expect(
        () => loose(table, { name: 'x', attributes: { id: z.string(), [reserved]: z.string() }, key }),
        reserved,
      ).toThrow(`entity 'x': attribute '${reserved}' is reserved by the table (keys, entity type or TTL)`);
    }
  });

  it('refuses a version attribute that is also declared as an attribute', () => {
    expect(() =>
      loose(table, { name: 'x', attributes: { id: z.string(), version: z.number() }, key, version: 'version' }),
    ).toThrow(/version attribute 'version' is managed by the repository/);
  });

  it('refuses a key template naming an unknown attribute', () => {
    expect(() => loose(table, { name: 'x', attributes, key: { pk: 'JOB#{idd}', sk: 'META' } })).toThrow(
      "entity 'x': pk template 'JOB#{idd}' names unknown attribute 'idd'",
    );
  });

  it('refuses an index the table does not declare', () => {
    expect(() => loose(table, { name: 'x', attributes, key, indexes: { gsi9: { pk: 'A#{id}' } } })).toThrow(
      "index 'gsi9' is not declared on table 'research'",
    );
  });

  it('refuses an sk template on an index without a sort key, and a missing one on an index with one', () => {
    expect(() =>
      loose(table, { name: 'x', attributes, key, indexes: { gsi2: { pk: 'A#{id}', sk: '{createdAt}' } } }),
    ).toThrow("index 'gsi2' has no sort key, so no sk template");
    expect(() => loose(table, { name: 'x', attributes, key, indexes: { gsi1: { pk: 'A#{id}' } } })).toThrow(
      "index 'gsi1' needs an sk template",
    );
  });

  it('refuses a shard count that is not a positive integer', () => {
    for (const count of [0, -1, 1.5]) {
      expect(() =>
        loose(table, { name: 'x', attributes, key, indexes: { gsi2: { pk: 'S#{status}', shards: { count } } } }),
      ).toThrow('shard count must be a positive integer');
    }
  });

  it('refuses a TTL on a table without a TTL attribute, and an invalid TTL duration', () => {
    expect(() => loose(noTtl, { name: 'x', attributes, key, ttl: { after: '1d' } })).toThrow(
      "has a TTL but table 'plain' declares no timeToLiveAttribute",
    );
    expect(() => loose(table, { name: 'x', attributes, key, ttl: { after: '1 day' } })).toThrow(ModelDefinitionError);
  });

  it('refuses a state machine on an attribute it does not declare', () => {
    expect(() =>
      loose(table, { name: 'x', attributes, key, stateMachine: { attribute: 'phase', transitions: {} } }),
    ).toThrow("state machine attribute 'phase' is not an attribute");
  });

  it('refuses template keys on an index keyed on attributes, and attribute lists on a template index', () => {
    const attributeKeyed = defineTable({
      name: 'tickets',
      indexes: { byTenant: { partitionKey: ['tenantId'], projection: { type: 'ALL' } } },
    });
    expect(() =>
      loose(attributeKeyed, {
        name: 'x',
        attributes: { ...attributes, tenantId: z.string() },
        key,
        indexes: { byTenant: { pk: 'T#{tenantId}' } },
      }),
    ).toThrow(/keys on attributes: pk must list \[tenantId\]/);
    expect(() => loose(table, { name: 'x', attributes, key, indexes: { gsi2: { pk: ['status'] } } })).toThrow(
      "index 'gsi2' keys on template strings",
    );
  });
});
