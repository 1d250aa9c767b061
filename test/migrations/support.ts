import { DescribeTableCommand, DescribeTimeToLiveCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { ModelDefinition } from '../../src/model/index.js';
import { createTableFromModel, TableRepository } from '../../src/repository/index.js';
import { jobStatuses } from './fixtures/jobs-models.js';

export const OWNERS = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay', 'gus'];

/** Job `n` of the seeded table: statuses and owners in rotation, distinct creation times. */
export function seededJob(n: number) {
  return {
    id: `j${String(n).padStart(5, '0')}`,
    tenant: `t${n % 3}`,
    ownerId: OWNERS[n % OWNERS.length],
    title: `job ${n}`,
    status: jobStatuses[n % jobStatuses.length],
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  };
}

/** A fresh table of `model` with `jobs` jobs (and a finding for every tenth job). */
export async function seedJobsTable(client: DynamoDBClient, model: ModelDefinition, tableName: string, jobs: number) {
  await createTableFromModel(client, model, { tableName });
  const db = new TableRepository(client, model, { tableName });
  const all = Array.from({ length: jobs }, (_, n) => seededJob(n));
  await db.entity('job').batchPut(all as never);
  const findings = all
    .filter((_, n) => n % 10 === 0)
    .map((job) => ({ jobId: job.id, tenant: job.tenant, id: 'f1', text: `finding of ${job.id}` }));
  await db.entity('finding').batchPut(findings as never);
  return { jobs: all, findings };
}

/** Every item of an index partition (or the table's), in index order. */
export async function queryAll(
  client: DynamoDBClient,
  tableName: string,
  input: { index?: string; keyName: string; keyValue: string; descending?: boolean },
): Promise<Record<string, unknown>[]> {
  const documents = DynamoDBDocumentClient.from(client);
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new QueryCommand({
        TableName: tableName,
        ...(input.index ? { IndexName: input.index } : {}),
        KeyConditionExpression: '#k = :v',
        ExpressionAttributeNames: { '#k': input.keyName },
        ExpressionAttributeValues: { ':v': input.keyValue },
        ScanIndexForward: !input.descending,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Every stored item (the migration record included). */
export async function scanAll(client: DynamoDBClient, tableName: string, indexName?: string) {
  const documents = DynamoDBDocumentClient.from(client);
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new ScanCommand({
        TableName: tableName,
        ...(indexName ? { IndexName: indexName } : {}),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** DescribeTable and DescribeTimeToLive of a table. */
export async function describeAll(client: DynamoDBClient, tableName: string) {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (!Table) throw new Error(`no table ${tableName}`);
  return { table: Table, ttl: TimeToLiveDescription };
}
