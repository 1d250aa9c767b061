import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

/**
 * One isolated test as a suite would write it, in ordinary SDK code run unchanged against
 * every target: a fresh client (for the in-process target, a fresh in-memory engine),
 * CreateTable (pk/sk and one GSI), DescribeTable until ACTIVE, 20 PutItem, a Query, a GSI
 * Query, a conditional UpdateItem, DeleteTable, and the client destroyed.
 */

/** The parts of one test, in the order it runs them; each is timed on its own. */
export const ISOLATION_PHASES = [
  'client',
  'CreateTable',
  'wait for ACTIVE',
  '20 PutItem',
  'Query + GSI Query',
  'UpdateItem',
  'DeleteTable + destroy',
] as const;
export type IsolationPhase = (typeof ISOLATION_PHASES)[number];

/** Milliseconds spent in each phase, summed over the tests that recorded into it. */
export type PhaseTotals = Record<IsolationPhase, number>;

export function emptyPhaseTotals(): PhaseTotals {
  return Object.fromEntries(ISOLATION_PHASES.map((phase) => [phase, 0])) as PhaseTotals;
}

const PUTS = 20;

function tableDefinition(name: string) {
  return {
    TableName: name,
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
}

/** As a test suite waits: DescribeTable until the table and its indexes are ACTIVE. */
async function waitUntilActive(client: DynamoDBClient, name: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    // DynamoDB Local 1.25.1 reports no IndexStatus.
    const indexesReady = (Table?.GlobalSecondaryIndexes ?? []).every(
      (index) => index.IndexStatus === undefined || index.IndexStatus === 'ACTIVE',
    );
    if (Table?.TableStatus === 'ACTIVE' && indexesReady) return;
    if (Date.now() > deadline) throw new Error(`table ${name} is still ${Table?.TableStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/**
 * Runs one test. `newClient` makes the test's client; `table` names its table (unique per
 * test, so a shared server never sees a name reused while a deletion may be in flight).
 * With `phases`, adds each phase's milliseconds to it.
 */
export async function runIsolatedTest(
  newClient: () => DynamoDBClient,
  table: string,
  phases?: PhaseTotals,
): Promise<void> {
  let mark = performance.now();
  const lap = (phase: IsolationPhase): void => {
    const now = performance.now();
    if (phases) phases[phase] += now - mark;
    mark = now;
  };
  const client = newClient();
  const documents = DynamoDBDocumentClient.from(client);
  lap('client');
  try {
    await client.send(new CreateTableCommand(tableDefinition(table)));
    lap('CreateTable');
    await waitUntilActive(client, table);
    lap('wait for ACTIVE');
    for (let i = 0; i < PUTS; i++) {
      await documents.send(
        new PutCommand({
          TableName: table,
          Item: {
            pk: `JOB#${i % 4}`,
            sk: `TASK#${String(i).padStart(3, '0')}`,
            gsi1pk: `STATUS#${i % 2 ? 'open' : 'done'}`,
            gsi1sk: `T#${i}`,
            status: i % 2 ? 'open' : 'done',
            n: i,
          },
        }),
      );
    }
    lap('20 PutItem');
    const partition = await documents.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'JOB#1' },
      }),
    );
    const open = await documents.send(
      new QueryCommand({
        TableName: table,
        IndexName: 'GSI1',
        KeyConditionExpression: 'gsi1pk = :g',
        ExpressionAttributeValues: { ':g': 'STATUS#open' },
      }),
    );
    if (partition.Count !== PUTS / 4 || open.Count !== PUTS / 2)
      throw new Error(`unexpected counts ${partition.Count}, ${open.Count}`);
    lap('Query + GSI Query');
    await documents.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: 'JOB#1', sk: 'TASK#001' },
        UpdateExpression: 'SET #n = #n + :one, #s = :done',
        ConditionExpression: 'attribute_exists(pk) AND #s = :open',
        ExpressionAttributeNames: { '#n': 'n', '#s': 'status' },
        ExpressionAttributeValues: { ':one': 1, ':done': 'done', ':open': 'open' },
      }),
    );
    lap('UpdateItem');
    await client.send(new DeleteTableCommand({ TableName: table }));
  } finally {
    client.destroy();
  }
  lap('DeleteTable + destroy');
}
