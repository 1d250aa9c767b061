import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect, it } from 'vitest';
import { applyMigration, planMigration } from '../../src/migrations/index.js';
import { describeEachEngine, uniqueTableName } from '../support/engines.js';
import { jobsModel } from './fixtures/jobs-models.js';
import { seededJob, seedJobsTable } from './support.js';

describeEachEngine(
  'migrate plan: capacity from each item’s size',
  (engine) => {
    it('prices each item as its step writes it: by the KB, the larger of before and after, nothing when already right', async () => {
      const client = engine.client();
      const documents = DynamoDBDocumentClient.from(client);
      const tableName = uniqueTableName('migrate-capacity');
      await seedJobsTable(client, jobsModel(1), tableName, 10);
      await applyMigration(await planMigration(jobsModel(1), client, { tableName }), client);
      // Jobs 1 and 2 grow to 2.5 KB (3 write units each); job 0 (queued: it stays in gsi1)
      // already carries its gsi2 keys.
      const job0 = seededJob(0);
      await documents.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: 'JOB#j00000', sk: 'METADATA' },
          UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
          ExpressionAttributeValues: { ':pk': `OWNER#${job0.ownerId}`, ':sk': job0.createdAt },
        }),
      );
      for (const id of ['j00001', 'j00002']) {
        await documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: `JOB#${id}`, sk: 'METADATA' },
            UpdateExpression: 'SET title = :title',
            ExpressionAttributeValues: { ':title': 'x'.repeat(2500) },
          }),
        );
      }
      const plan = await planMigration(jobsModel(2), client, { tableName });
      const backfill = plan.steps.find((step) => step.kind === 'backfill');
      expect(backfill).toMatchObject({ items: 10 });
      // 7 jobs of one unit, 2 of three, job 0 nothing.
      expect(plan.capacity.writeUnits).toBe(7 + 2 * 3);
      expect(plan.capacity.writeUnitsPerStep).toEqual({ [backfill?.id as string]: 13 });

      await applyMigration(plan, client, { pollIntervalMs: 10 });
      const rewrite = await planMigration(jobsModel(3), client, { tableName });
      // Every job and finding moves: a transaction of a put and a delete, each at twice the units.
      expect(rewrite.steps.map((step) => step.kind)).toEqual(['rewrite', 'rewrite']);
      expect(rewrite.capacity.writeUnits).toBe(4 * (8 + 2 * 3) + 4 * 1);
    });
  },
  { engines: ['in-process', 'serve'] },
);
