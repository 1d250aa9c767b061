import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { ensureModelTable } from '../../src/infra/index.js';
import { planMigration } from '../../src/migrations/index.js';
import { createTableFromModel } from '../../src/repository/index.js';
import { describeEachEngine, uniqueTableName } from '../support/engines.js';
import { jobsModel } from './fixtures/jobs-models.js';
import type { ModelDefinition } from '../../src/model/index.js';

async function pointInTimeRecovery(client: DynamoDBClient, tableName: string) {
  const { ContinuousBackupsDescription } = await client.send(
    new DescribeContinuousBackupsCommand({ TableName: tableName }),
  );
  return ContinuousBackupsDescription?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus;
}

/** The jobs model v1 with point-in-time recovery as models have it by default. */
function withRecovery(version: 1 | 2): ModelDefinition {
  const model = jobsModel(version);
  return { ...model, table: { ...model.table, pointInTimeRecovery: true } };
}

describeEachEngine(
  'point-in-time recovery through table creation and index changes',
  (engine) => {
    it('stays enabled when UpdateTable creates a global secondary index', async () => {
      const client = engine.client();
      const tableName = uniqueTableName('pitr-index');
      await createTableFromModel(client, jobsModel(1), { tableName });
      const enable = client.send(
        new UpdateContinuousBackupsCommand({
          TableName: tableName,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      );
      if (engine.name === 'dynamodb-local-3') {
        // DynamoDB Local keeps no point-in-time recovery setting: the operation is unknown to it.
        await expect(enable).rejects.toMatchObject({ name: 'UnknownOperationException' });
        return;
      }
      await enable;
      expect(await pointInTimeRecovery(client, tableName)).toBe('ENABLED');
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [
            { AttributeName: 'gsi2pk', AttributeType: 'S' },
            { AttributeName: 'gsi2sk', AttributeType: 'S' },
          ],
          GlobalSecondaryIndexUpdates: [
            {
              Create: {
                IndexName: 'gsi2',
                KeySchema: [
                  { AttributeName: 'gsi2pk', KeyType: 'HASH' },
                  { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'ALL' },
              },
            },
          ],
        }),
      );
      for (;;) {
        const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
        const index = Table?.GlobalSecondaryIndexes?.find((candidate) => candidate.IndexName === 'gsi2');
        if (Table?.TableStatus === 'ACTIVE' && index?.IndexStatus === 'ACTIVE') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await pointInTimeRecovery(client, tableName)).toBe('ENABLED');
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'gsi2' } }],
        }),
      );
      expect(await pointInTimeRecovery(client, tableName)).toBe('ENABLED');
    });

    it('is applied by ensureModelTable (monotable infra create-table), so a plan right after has nothing to do', async () => {
      const client = engine.client();
      const tableName = uniqueTableName('pitr-create');
      expect(await ensureModelTable(client, withRecovery(1), { tableName })).toBe(true);
      if (engine.name !== 'dynamodb-local-3') expect(await pointInTimeRecovery(client, tableName)).toBe('ENABLED');
      expect((await planMigration(withRecovery(1), client, { tableName })).steps).toEqual([]);

      const without = uniqueTableName('pitr-off');
      expect(await ensureModelTable(client, jobsModel(1), { tableName: without })).toBe(true);
      if (engine.name !== 'dynamodb-local-3') expect(await pointInTimeRecovery(client, without)).toBe('DISABLED');
      expect((await planMigration(jobsModel(1), client, { tableName: without })).steps).toEqual([]);
    });
  },
  { engines: ['in-process', 'serve', 'dynamodb-local-3'] },
);
