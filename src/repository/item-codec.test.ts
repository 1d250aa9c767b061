import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity } from '../model/entity.js';
import { defineTable } from '../model/table.js';
import { expiryFor, fromStoredItem, keyParamsOf, primaryKeyOf, toStoredItem } from './item-codec.js';

const table = defineTable({
  name: 'research',
  timeToLiveAttribute: 'expires_at',
  indexes: { gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } } },
});
const job = defineEntity(table, {
  name: 'job',
  attributes: { id: z.string(), status: z.enum(['running', 'failed']), at: z.string() },
  key: { pk: 'JOB#{id}', sk: 'META' },
  indexes: { gsi1: { pk: 'STATUS#{status}', sk: '{at}', when: { status: ['running'] } } },
  ttl: { after: '1d', when: { status: ['failed'] } },
  version: 'version',
});
const NOW = Date.parse('2026-01-01T00:00:00.000Z');

describe('the stored form of items', () => {
  it('adds keys, entity type, index keys and version to the attributes', () => {
    expect(toStoredItem(job, { id: '1', status: 'running', at: 'x' }, { nowMs: NOW, version: 3 })).toEqual({
      id: '1',
      status: 'running',
      at: 'x',
      pk: 'JOB#1',
      sk: 'META',
      _type: 'job',
      gsi1pk: 'STATUS#running',
      gsi1sk: 'x',
      version: 3,
    });
  });

  it('stamps the TTL only on items its rule selects, in epoch seconds', () => {
    expect(expiryFor(job, { status: 'failed' }, NOW)).toBe(NOW / 1000 + 86_400);
    expect(expiryFor(job, { status: 'running' }, NOW)).toBeUndefined();
    expect(toStoredItem(job, { id: '1', status: 'failed', at: 'x' }, { nowMs: NOW })).toMatchObject({
      expires_at: NOW / 1000 + 86_400,
    });
  });

  it('reads back only the entity attributes', () => {
    const stored = toStoredItem(job, { id: '1', status: 'failed', at: 'x' }, { nowMs: NOW, version: 1 });
    expect(fromStoredItem(job, stored)).toEqual({ id: '1', status: 'failed', at: 'x', version: 1 });
  });

  it('renders the primary key and names the item by its key attributes', () => {
    expect(primaryKeyOf(job, { id: 'a#b' })).toEqual({ pk: 'JOB#a%23b', sk: 'META' });
    expect(keyParamsOf(job, { id: '1', status: 'running' })).toEqual({ id: '1' });
  });
});
