import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { expect, it } from 'vitest';
import {
  applyMigration,
  MigrationFileError,
  MigrationTableNotFoundError,
  planMigration,
  readMigrationRecord,
  RewritesNotAllowedError,
  type UserMigration,
} from '../../src/migrations/index.js';
import { describeEachEngine, uniqueTableName } from '../support/engines.js';
import { jobsModel } from './fixtures/jobs-models.js';
import { scanAll, seedJobsTable } from './support.js';

const sortedKeys = (items: Record<string, unknown>[]) => items.map((item) => `${item.pk} ${item.sk}`).sort();

describeEachEngine(
  'migrate: key template rewrites and user migration files',
  (engine) => {
    it('refuses a key template rewrite without allowRewrites, then moves every job and finding with it', async () => {
      const client = engine.client();
      const tableName = uniqueTableName('migrate-rewrite');
      const { jobs, findings } = await seedJobsTable(client, jobsModel(2), tableName, 300);
      await applyMigration(await planMigration(jobsModel(2), client, { tableName }), client);
      const before = await scanAll(client, tableName);

      const plan = await planMigration(jobsModel(3), client, { tableName });
      expect(plan.steps.map((step) => `${step.kind} ${'entity' in step ? step.entity : ''}`)).toEqual([
        'rewrite job',
        'rewrite finding',
      ]);
      expect(plan.steps.map((step) => ('items' in step ? step.items : undefined))).toEqual([300, 30]);
      await expect(applyMigration(plan, client)).rejects.toBeInstanceOf(RewritesNotAllowedError);
      expect(await scanAll(client, tableName)).toEqual(before);

      const result = await applyMigration(plan, client, { allowRewrites: true, pageSize: 64 });
      expect(result.steps.map((step) => step.written)).toEqual([300, 30]);
      const after = (await scanAll(client, tableName)).filter((item) => item.pk !== '#monotable');
      expect(after).toHaveLength(jobs.length + findings.length);
      expect(sortedKeys(after)).toEqual(
        [
          ...jobs.map((job) => `JOB#${job.tenant}#${job.id} METADATA`),
          ...findings.map((finding) => `JOB#${finding.tenant}#${finding.jobId} FINDING#${finding.id}`),
        ].sort(),
      );
      // Moved items keep their attributes and version, and their index keys.
      const moved = after.find((item) => item.id === 'j00007' && item._type === 'job');
      expect(moved).toMatchObject({ title: 'job 7', version: 1, gsi2pk: `OWNER#${jobs[7].ownerId}` });
      expect((await planMigration(jobsModel(3), client, { tableName })).steps).toEqual([]);
    }, 120_000);

    it('runs a migration file, stops at the item it throws on, resumes after the fix and records it', async () => {
      const client = engine.client();
      const tableName = uniqueTableName('migrate-file');
      await seedJobsTable(client, jobsModel(2), tableName, 200);
      await applyMigration(await planMigration(jobsModel(2), client, { tableName }), client);
      let broken = true;
      const labelJobs: UserMigration = {
        name: '0001-label-jobs',
        file: '0001-label-jobs.ts',
        entity: 'job',
        up(item) {
          if (broken && item.id === 'j00120') throw new Error('cannot label this one');
          if (item.status === 'cancelled') return null;
          return { ...item, label: `${item.ownerId}/${item.title}` };
        },
      };
      const plan = await planMigration(jobsModel(2), client, { tableName, migrations: [labelJobs] });
      expect(plan.steps).toMatchObject([
        { kind: 'user-migration', name: '0001-label-jobs', entity: 'job', items: 200 },
      ]);
      const failure = await applyMigration(plan, client, {
        migrations: [labelJobs],
        pageSize: 25,
        concurrency: 4,
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationFileError);
      expect((failure as MigrationFileError).payload).toEqual({
        file: '0001-label-jobs.ts',
        key: { pk: 'JOB#j00120', sk: 'METADATA' },
      });

      broken = false;
      const resumed = await planMigration(jobsModel(2), client, { tableName, migrations: [labelJobs] });
      await applyMigration(resumed, client, { migrations: [labelJobs], pageSize: 25, concurrency: 4 });
      const jobs = (await scanAll(client, tableName)).filter((item) => item._type === 'job');
      expect(jobs).toHaveLength(160); // the 40 cancelled jobs were deleted
      for (const job of jobs) {
        expect(job.label).toBe(`${job.ownerId}/${job.title}`);
        expect(job.version).toBe(2);
      }
      const record = await readMigrationRecord(DynamoDBDocumentClient.from(client), tableName, jobsModel(2).table);
      expect(record.applied).toEqual(['user-migration:0001-label-jobs']);
      expect(record.progress).toBeUndefined();
      expect((await planMigration(jobsModel(2), client, { tableName, migrations: [labelJobs] })).steps).toEqual([]);
    }, 120_000);

    it('refuses a table that does not exist', async () => {
      await expect(
        planMigration(jobsModel(2), engine.client(), { tableName: uniqueTableName('missing') }),
      ).rejects.toBeInstanceOf(MigrationTableNotFoundError);
    });
  },
  { engines: ['in-process', 'serve', 'dynamodb-local-3'] },
);
