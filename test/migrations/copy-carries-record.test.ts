import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalClient } from '../../src/local/index.js';
import { applyMigration, planMigration, readMigrationRecord } from '../../src/migrations/index.js';
import { copyTable, exportTable } from '../../src/transfer/index.js';
import { jobsModel } from './fixtures/jobs-models.js';
import { seedJobsTable } from './support.js';

describe('copy and export carry the migration record, without the progress of an unfinished apply', () => {
  const directory = mkdtempSync(join(tmpdir(), 'monotable-migrate-copy-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('copies the record; a plan on the copy starts from the recorded model, and apply brings it to the new one', async () => {
    const source = join(directory, 'source.db');
    const target = join(directory, 'target.db');
    const tableName = 'research-jobs';
    const client = createLocalClient({ path: source });
    await seedJobsTable(client, jobsModel(1), tableName, 300);
    await applyMigration(await planMigration(jobsModel(1), client, { tableName }), client);
    // An apply to v2 stopped midway: the source's record holds its progress.
    const crash = new Error('stopped');
    await expect(
      applyMigration(await planMigration(jobsModel(2), client, { tableName }), client, {
        pageSize: 100,
        pollIntervalMs: 10,
        onProgress: (event) => {
          if (event.phase === 'page') throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const before = await readMigrationRecord(DynamoDBDocumentClient.from(client), tableName, jobsModel(1).table);
    expect(before.progress?.done).toBeGreaterThan(0);
    client.destroy();

    expect(await copyTable({ from: `sqlite:${source}`, to: `sqlite:${target}`, table: tableName })).toMatchObject({
      items: 300 + 30 + 1,
    });
    const exported = join(directory, 'jobs.jsonl');
    await exportTable({ from: `sqlite:${source}`, table: tableName, out: exported });
    const lines = readFileSync(exported, 'utf8').trim().split('\n');
    const recordLine = lines.find((line) => line.includes('"#monotable"'));
    expect(recordLine).toBeDefined();
    expect(JSON.parse(recordLine as string).Item).toMatchObject({
      revision: { N: '1' },
      model: { S: expect.any(String) },
    });
    expect(JSON.parse(recordLine as string).Item.progress).toBeUndefined();

    const copy = createLocalClient({ path: target });
    try {
      const record = await readMigrationRecord(DynamoDBDocumentClient.from(copy), tableName, jobsModel(1).table);
      expect(record).toEqual({ revision: 1, model: before.model, applied: [] });
      // The copy was made like the source's table: gsi2 is there already, its items lack its keys.
      const plan = await planMigration(jobsModel(2), copy, { tableName });
      expect(plan.comparedWith).toBe('recorded model');
      expect(plan.steps.map((step) => [step.kind, 'items' in step ? step.items : undefined])).toEqual([
        ['backfill', 300],
      ]);
      const result = await applyMigration(plan, copy, { pollIntervalMs: 10 });
      // The jobs the source's stopped apply had done came over with their keys: the rest are written.
      expect(result.steps.map((step) => step.written)).toEqual([300 - (before.progress?.done ?? 0)]);
      expect((await planMigration(jobsModel(2), copy, { tableName })).steps).toEqual([]);
    } finally {
      copy.destroy();
    }
  }, 120_000);
});
