import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { OperationName } from './options.js';

/**
 * The measured operations, written once as ordinary DocumentClient code and run
 * unchanged against every peer.
 */
export const TABLE = 'bench';
/** Partitions of 11 items each (one METADATA item and ten children), as in the reference domains. */
export const PARTITIONS = 200;
export const CHILDREN = 10;
/** Items are spread over this many GSI partitions, so each holds far more than 50. */
export const GSI_PARTITIONS = 4;
const PAYLOAD = 'x'.repeat(160);

export interface Workload {
  readonly name: OperationName;
  readonly label: string;
  /** Runs iteration `i`; `run` is a per-run prefix so writes never collide across runs. */
  readonly call: (documents: DynamoDBDocumentClient, i: number, run: string) => Promise<unknown>;
}

export const WORKLOADS: readonly Workload[] = [
  {
    name: 'get',
    label: 'GetItem',
    call: (documents, i) =>
      documents.send(new GetCommand({ TableName: TABLE, Key: { pk: partition(i), sk: 'METADATA' } })),
  },
  {
    name: 'put',
    label: 'PutItem',
    call: (documents, i, run) =>
      documents.send(
        new PutCommand({
          TableName: TABLE,
          Item: { pk: `PUT#${run}#${i}`, sk: 'METADATA', status: 'open', n: i, data: PAYLOAD },
        }),
      ),
  },
  {
    name: 'update',
    label: 'UpdateItem (conditional)',
    call: (documents, i) =>
      documents.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: { pk: partition(i), sk: 'METADATA' },
          UpdateExpression: 'SET #n = #n + :one, #s = :status',
          ConditionExpression: 'attribute_exists(pk) AND #s IN (:open, :busy)',
          ExpressionAttributeNames: { '#n': 'n', '#s': 'status' },
          ExpressionAttributeValues: {
            ':one': 1,
            ':status': i % 2 ? 'open' : 'busy',
            ':open': 'open',
            ':busy': 'busy',
          },
        }),
      ),
  },
  {
    name: 'query',
    label: 'Query (partition of 11)',
    call: (documents, i) =>
      documents.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': partition(i) },
        }),
      ),
  },
  {
    name: 'gsi',
    label: 'GSI Query (limit 50)',
    call: (documents, i) =>
      documents.send(
        new QueryCommand({
          TableName: TABLE,
          IndexName: 'GSI1',
          KeyConditionExpression: 'gsi1pk = :g',
          ExpressionAttributeValues: { ':g': `G#${i % GSI_PARTITIONS}` },
          ScanIndexForward: false,
          Limit: 50,
        }),
      ),
  },
  {
    name: 'batch',
    label: 'BatchWriteItem (25)',
    call: (documents, i, run) =>
      documents.send(
        new BatchWriteCommand({
          RequestItems: {
            [TABLE]: Array.from({ length: 25 }, (_, j) => ({
              PutRequest: { Item: { pk: `BATCH#${run}#${i}`, sk: `ITEM#${j}`, n: j, data: PAYLOAD } },
            })),
          },
        }),
      ),
  },
  {
    name: 'transact',
    label: 'TransactWriteItems (2)',
    call: (documents, i, run) =>
      documents.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: TABLE,
                Item: { pk: `TX#${run}#${i}`, sk: 'METADATA', status: 'open', data: PAYLOAD },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            { Put: { TableName: TABLE, Item: { pk: `TX#${run}#${i}`, sk: 'EVENT#1', data: PAYLOAD } } },
          ],
        }),
      ),
  },
];

export function partition(i: number): string {
  return `JOB#${String(i % PARTITIONS).padStart(5, '0')}`;
}

/** One seeded item: `child` 0 is the partition's METADATA item. */
export function seedItem(partitionNumber: number, child: number): Record<string, unknown> {
  const sk = child === 0 ? 'METADATA' : `FINDING#${String(child).padStart(3, '0')}`;
  return {
    pk: partition(partitionNumber),
    sk,
    status: 'open',
    n: 0,
    gsi1pk: `G#${(partitionNumber * (CHILDREN + 1) + child) % GSI_PARTITIONS}`,
    gsi1sk: `${String(partitionNumber).padStart(5, '0')}#${sk}`,
    data: PAYLOAD,
  };
}

export const TABLE_DEFINITION = {
  TableName: TABLE,
  BillingMode: 'PAY_PER_REQUEST' as const,
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' as const },
    { AttributeName: 'sk', AttributeType: 'S' as const },
    { AttributeName: 'gsi1pk', AttributeType: 'S' as const },
    { AttributeName: 'gsi1sk', AttributeType: 'S' as const },
  ],
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' as const },
    { AttributeName: 'sk', KeyType: 'RANGE' as const },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'GSI1',
      KeySchema: [
        { AttributeName: 'gsi1pk', KeyType: 'HASH' as const },
        { AttributeName: 'gsi1sk', KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    },
  ],
};

/** Creates the table and its PARTITIONS × 11 items through the client (any peer). */
export async function seed(client: DynamoDBClient, documents: DynamoDBDocumentClient): Promise<void> {
  await client.send(new CreateTableCommand(TABLE_DEFINITION));
  await waitUntilActive(client);
  const items: Record<string, unknown>[] = [];
  for (let p = 0; p < PARTITIONS; p++) for (let c = 0; c <= CHILDREN; c++) items.push(seedItem(p, c));
  for (let start = 0; start < items.length; start += 25) {
    const chunk = items.slice(start, start + 25);
    let pending: Record<string, unknown>[] | undefined = chunk.map((Item) => ({ PutRequest: { Item } }));
    while (pending && pending.length > 0) {
      const answer = await documents.send(new BatchWriteCommand({ RequestItems: { [TABLE]: pending as never } }));
      pending = answer.UnprocessedItems?.[TABLE] as Record<string, unknown>[] | undefined;
    }
  }
}

/** As with DynamoDB, a new table takes writes once it is ACTIVE (dynalite and others may report CREATING first). */
async function waitUntilActive(client: DynamoDBClient): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: TABLE }));
    const indexesReady = (Table?.GlobalSecondaryIndexes ?? []).every(
      (index) => index.IndexStatus === undefined || index.IndexStatus === 'ACTIVE',
    );
    if (Table?.TableStatus === 'ACTIVE' && indexesReady) return;
    if (Date.now() > deadline) throw new Error(`table ${TABLE} is still ${Table?.TableStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
