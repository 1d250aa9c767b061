import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from '../../src/model/index.js';
import type { TableRepository } from '../../src/repository/index.js';
import { describeEachEngine, type TestEngine } from '../support/engines.js';
import { openModelTable } from './support/open-table.js';

/** One job entity on one index, its status partitions write-sharded over `shards` (none when undefined). */
function jobModel(shards: number | undefined) {
  const table = defineTable({
    name: 'jobs',
    indexes: { gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } } },
  });
  const job = defineEntity(table, {
    name: 'job',
    attributes: { id: z.string(), status: z.string(), createdAt: z.string() },
    key: { pk: 'JOB#{id}', sk: 'META' },
    indexes: { gsi1: { pk: 'STATUS#{status}', sk: '{createdAt}', ...(shards ? { shards: { count: shards } } : {}) } },
  });
  return defineModel({
    table,
    entities: [job],
    accessPatterns: {
      newestFirst: {
        description: 'Jobs by status, newest first',
        entities: ['job'],
        index: 'gsi1',
        key: { pk: 'STATUS#{status}' },
        order: 'descending',
      },
      oldestFirst: {
        description: 'Jobs by status, oldest first',
        entities: ['job'],
        index: 'gsi1',
        key: { pk: 'STATUS#{status}' },
      },
    },
  });
}
type JobDb = TableRepository<ReturnType<typeof jobModel>>;
type Order = 'newestFirst' | 'oldestFirst';

const shardCounts = [1, 2, 3, 5] as const;

async function allPages(
  db: JobDb,
  pattern: Order,
  status: string,
  limit: number,
): Promise<{ ids: string[]; pages: number[] }> {
  const ids: string[] = [];
  const pages: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await db.query(pattern, { status }, { limit, ...(cursor ? { cursor } : {}) });
    ids.push(...page.items.map((job) => job.id));
    pages.push(page.items.length);
    cursor = page.cursor;
  } while (cursor);
  return { ids, pages };
}

describeEachEngine('sharded reads (property)', (engine: TestEngine) => {
  const sharded = new Map<number, JobDb>();
  let plain: JobDb;
  let run = 0;
  const numRuns = engine.name === 'in-process' ? 40 : 8;
  beforeAll(async () => {
    plain = await openModelTable(engine, jobModel(undefined));
    for (const count of shardCounts) sharded.set(count, await openModelTable(engine, jobModel(count)));
  });

  /** Writes the same jobs to a sharded table and to the unsharded one, under a status of their own. */
  async function writeBoth(count: number, createdAts: readonly string[]): Promise<string> {
    const status = `run-${run++}`;
    const jobs = createdAts.map((createdAt, i) => ({ id: `${status}-${i}`, status, createdAt }));
    await (sharded.get(count) as JobDb).entity('job').batchPut(jobs);
    await plain.entity('job').batchPut(jobs);
    return status;
  }

  const distinctSortKeys = fc
    .uniqueArray(fc.integer({ min: 0, max: 9999 }), { maxLength: 30 })
    .map((ns) => ns.map((n) => `2026-${String(n).padStart(4, '0')}`));

  it('merges the shards page by page into the order of one unsharded query over the same items', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...shardCounts),
        distinctSortKeys,
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom<Order>('newestFirst', 'oldestFirst'),
        async (count, createdAts, limit, order) => {
          const status = await writeBoth(count, createdAts);
          const merged = await allPages(sharded.get(count) as JobDb, order, status, limit);
          const unsharded = (await plain.query(order, { status })).items.map((job) => job.id);
          expect(merged.ids).toEqual(unsharded);
          expect(merged.pages.every((size) => size <= limit)).toBe(true);
        },
      ),
      { numRuns },
    );
  });

  it('with equal sort keys, still returns every item once, in sort-key order', async () => {
    const withTies = fc.array(fc.constantFrom('2026-a', '2026-b', '2026-c'), { maxLength: 20 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...shardCounts),
        withTies,
        fc.integer({ min: 1, max: 5 }),
        async (count, createdAts, limit) => {
          const status = await writeBoth(count, createdAts);
          const merged = await allPages(sharded.get(count) as JobDb, 'oldestFirst', status, limit);
          const unsharded = (await plain.query('oldestFirst', { status })).items;
          expect([...merged.ids].sort()).toEqual(unsharded.map((job) => job.id).sort());
          const sortKeyOf = new Map(unsharded.map((job) => [job.id, job.createdAt]));
          expect(merged.ids.map((id) => sortKeyOf.get(id))).toEqual(unsharded.map((job) => job.createdAt));
        },
      ),
      { numRuns },
    );
  });

  it('returns nothing and no cursor for a status with no items, on any shard count', async () => {
    for (const count of shardCounts)
      expect(await (sharded.get(count) as JobDb).query('newestFirst', { status: 'never-used' }, { limit: 2 })).toEqual({
        items: [],
      });
  });
});
