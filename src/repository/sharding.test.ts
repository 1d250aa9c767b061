import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseKeyTemplate } from '../model/key-template.js';
import { shardCountFor, shardedPartitionKey, shardOf } from './sharding.js';

describe('write sharding', () => {
  it('puts every key in a shard below the count, the same one every time (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.integer({ min: 1, max: 64 }), (pk, sk, count) => {
        const shard = shardOf(pk, sk, count);
        expect(Number.isInteger(shard) && shard >= 0 && shard < count).toBe(true);
        expect(shardOf(pk, sk, count)).toBe(shard);
      }),
    );
  });

  it('spreads many keys over every shard', () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 400; i++) counts[shardOf(`JOB#${i}`, 'META', 4)]++;
    expect(Math.min(...counts)).toBeGreaterThan(60);
  });

  it('applies only to the partitions its rule selects', () => {
    const index = { pk: parseKeyTemplate('STATUS#{status}'), shards: { count: 3, only: { status: ['running'] } } };
    expect(shardCountFor(index, { status: 'running' })).toBe(3);
    expect(shardCountFor(index, { status: 'queued' })).toBeUndefined();
    expect(shardCountFor({ pk: index.pk }, { status: 'running' })).toBeUndefined();
  });

  it('appends the shard number after the separator', () => {
    expect(shardedPartitionKey('STATUS#running', 2, '#')).toBe('STATUS#running#2');
  });
});
