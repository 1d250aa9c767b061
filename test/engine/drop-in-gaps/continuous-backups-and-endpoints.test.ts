import {
  DescribeContinuousBackupsCommand,
  DescribeEndpointsCommand,
  DescribeTableCommand,
  TagResourceCommand,
  UntagResourceCommand,
  UpdateContinuousBackupsCommand,
  ListTagsOfResourceCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { beforeAll, expect, it } from 'vitest';
import { createTable, describeOnTargets } from './targets.js';

// DynamoDB Local answers none of DescribeEndpoints and the continuous-backups operations
// (UnknownOperationException): these run on monotable only.
describeOnTargets(
  'DescribeEndpoints, continuous backups and tagging',
  (target) => {
    let client: DynamoDBClient;
    let tableName: string;
    beforeAll(async () => {
      client = await target.client();
      tableName = await createTable(client, 'backups');
    });

    it('answers DescribeEndpoints with the regional endpoint and a cache period', async () => {
      const answer = await client.send(new DescribeEndpointsCommand({}));
      expect(answer.Endpoints).toEqual([{ Address: 'dynamodb.us-east-1.amazonaws.com', CachePeriodInMinutes: 1440 }]);
    });

    it('keeps the point-in-time recovery setting with the table', async () => {
      const before = await client.send(new DescribeContinuousBackupsCommand({ TableName: tableName }));
      expect(before.ContinuousBackupsDescription).toEqual({
        ContinuousBackupsStatus: 'ENABLED',
        PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: 'DISABLED' },
      });
      const enabled = await client.send(
        new UpdateContinuousBackupsCommand({
          TableName: tableName,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 10 },
        }),
      );
      const recovery = enabled.ContinuousBackupsDescription?.PointInTimeRecoveryDescription;
      expect(recovery?.PointInTimeRecoveryStatus).toBe('ENABLED');
      expect(recovery?.RecoveryPeriodInDays).toBe(10);
      expect(recovery?.EarliestRestorableDateTime).toBeInstanceOf(Date);
      expect(
        (recovery?.LatestRestorableDateTime?.getTime() ?? 0) >=
          (recovery?.EarliestRestorableDateTime?.getTime() ?? Infinity),
      ).toBe(true);
      const described = await client.send(new DescribeContinuousBackupsCommand({ TableName: tableName }));
      expect(described.ContinuousBackupsDescription?.PointInTimeRecoveryDescription?.RecoveryPeriodInDays).toBe(10);
      await client.send(
        new UpdateContinuousBackupsCommand({
          TableName: tableName,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: false },
        }),
      );
      const disabled = await client.send(new DescribeContinuousBackupsCommand({ TableName: tableName }));
      expect(disabled.ContinuousBackupsDescription?.PointInTimeRecoveryDescription).toEqual({
        PointInTimeRecoveryStatus: 'DISABLED',
      });
    });

    it('refuses an unknown table and a recovery period outside 1…35 days', async () => {
      await expect(
        client.send(new DescribeContinuousBackupsCommand({ TableName: 'no-such-table' })),
      ).rejects.toMatchObject({
        name: 'TableNotFoundException',
        message: 'Table not found: no-such-table',
      });
      await expect(
        client.send(
          new UpdateContinuousBackupsCommand({
            TableName: tableName,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 36 },
          }),
        ),
      ).rejects.toMatchObject({ name: 'ValidationException' });
    });

    it('tags and untags a table', async () => {
      const arn = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.TableArn;
      const tagged = await client.send(
        new TagResourceCommand({ ResourceArn: arn, Tags: [{ Key: 'team', Value: 'core' }] }),
      );
      expect(Object.keys(tagged).filter((key) => key !== '$metadata')).toEqual([]);
      expect((await client.send(new ListTagsOfResourceCommand({ ResourceArn: arn }))).Tags).toEqual([
        { Key: 'team', Value: 'core' },
      ]);
      await client.send(new UntagResourceCommand({ ResourceArn: arn, TagKeys: ['team'] }));
      expect((await client.send(new ListTagsOfResourceCommand({ ResourceArn: arn }))).Tags).toEqual([]);
    });
  },
  [],
);
