import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { groupChanges, writeGroup, type PendingChange } from '../../src/migrations/batched-writes.js';
import { backfillChange } from '../../src/migrations/item-writes.js';
import type { EntityDefinition } from '../../src/model/index.js';
import { describeEachEngine, uniqueTableName } from '../support/engines.js';
import { jobsModel } from './fixtures/jobs-models.js';
import { scanAll, seedJobsTable } from './support.js';

describeEachEngine(
  'migrate: backfill changes sent many per transaction',
  (engine) => {
    it('writes every change of a transaction, and when one item changed since it was read, each alone, losing no update', async () => {
      const client = engine.client();
      const documents = DynamoDBDocumentClient.from(client);
      const tableName = uniqueTableName('migrate-batch');
      await seedJobsTable(client, jobsModel(1), tableName, 30);
      const v2 = jobsModel(2);
      const job = v2.entities.find((entity) => entity.name === 'job') as EntityDefinition;
      const changeOf = async (stored: Readonly<Record<string, unknown>>) =>
        backfillChange(job, ['gsi1', 'gsi2'], [], stored);
      const stored = (await scanAll(client, tableName)).filter((item) => item._type === 'job');
      const pending: PendingChange[] = [];
      for (const [position, item] of stored.entries()) {
        const change = await changeOf(item);
        if (change) pending.push({ position, stored: item, change });
      }
      const [first, second] = groupChanges(pending.slice(0, 20), 10);
      expect([first.length, second.length]).toEqual([10, 10]);

      // One transaction, written whole.
      const written = await writeGroup(documents, tableName, job, first, changeOf, 5);
      expect(written.map((result) => ('outcome' in result ? result.outcome.kind : 'error'))).toEqual(
        Array(10).fill('written'),
      );

      // An application write lands between the read and the transaction: DynamoDB cancels it all,
      // each change then goes alone and the changed item is read again.
      const raced = second[4].stored;
      await documents.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: raced.pk, sk: raced.sk },
          UpdateExpression: 'SET ownerId = :owner, #v = #v + :one',
          ExpressionAttributeNames: { '#v': 'version' },
          ExpressionAttributeValues: { ':owner': 'zed', ':one': 1 },
        }),
      );
      const alone = await writeGroup(documents, tableName, job, second, changeOf, 5);
      expect(alone.map((result) => ('outcome' in result ? result.outcome.kind : 'error'))).toEqual(
        Array(10).fill('written'),
      );
      const { Item } = await documents.send(
        new GetCommand({ TableName: tableName, Key: { pk: raced.pk, sk: raced.sk }, ConsistentRead: true }),
      );
      expect(Item).toMatchObject({ ownerId: 'zed', version: 2, gsi2pk: 'OWNER#zed' });
      const after = (await scanAll(client, tableName)).filter((item) => item._type === 'job');
      const keyed = after.filter((item) => item.gsi2pk === `OWNER#${item.ownerId}`);
      expect(keyed).toHaveLength(20);
    });
  },
  { engines: ['in-process', 'serve', 'dynamodb-local-3'] },
);

describe('migrate: grouping changes into requests', () => {
  it('keeps a move (a rewrite) alone, and groups no more than asked', () => {
    const entry = (position: number, moveTo?: Record<string, unknown>): PendingChange => ({
      position,
      stored: { pk: `JOB#${position}`, sk: 'METADATA' },
      change: { key: { pk: `JOB#${position}`, sk: 'METADATA' }, ...(moveTo ? { moveTo } : { set: { a: 1 } }) },
    });
    const groups = groupChanges([entry(0), entry(1), entry(2, { pk: 'x', sk: 'y' }), entry(3), entry(4)], 2);
    const positions = groups.map((group) => group.map((change) => change.position));
    expect(positions.sort((a, b) => a[0] - b[0])).toEqual([[0, 1], [2], [3, 4]]);
    expect(groupChanges([entry(0), entry(1)], 1).map((group) => group.length)).toEqual([1, 1]);
  });
});
