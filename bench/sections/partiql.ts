import {
  ExecuteStatementCommand,
  GetItemCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { createLocalClient } from '../../src/local/index.js';
import type { BenchOptions } from '../options.js';
import { formatUs, type ResultRow } from '../report.js';

const TABLE = 'bench_partiql';
const ROUNDS = 7;

/**
 * (e) PartiQL against the item operation it stands for, in-process through the low-level
 * SDK client: `SELECT * FROM "t" WHERE pk = ? AND sk = ?` vs GetItem, a single-item
 * `UPDATE … SET n = n + ?` vs UpdateItem. Alternating rounds; each figure is the median
 * of its round means. Target: PartiQL within 1.5× of the item operation.
 */
export async function runPartiql(options: BenchOptions, rows: ResultRow[]): Promise<void> {
  const client = createLocalClient({ inMemory: true });
  await setUp(client);
  const key = (index: number) => ({ pk: { S: `p${index % 100}` }, sk: { S: `s${index % 10}` } });
  const pairs: [string, (i: number) => Promise<unknown>, (i: number) => Promise<unknown>][] = [
    [
      'SELECT by full key vs GetItem',
      (i) =>
        client.send(
          new ExecuteStatementCommand({
            Statement: `SELECT * FROM "${TABLE}" WHERE pk = ? AND sk = ?`,
            Parameters: [key(i).pk, key(i).sk],
          }),
        ),
      (i) => client.send(new GetItemCommand({ TableName: TABLE, Key: key(i) })),
    ],
    [
      'single-item UPDATE vs UpdateItem',
      (i) =>
        client.send(
          new ExecuteStatementCommand({
            Statement: `UPDATE "${TABLE}" SET n = n + ? WHERE pk = ? AND sk = ?`,
            Parameters: [{ N: '1' }, key(i).pk, key(i).sk],
          }),
        ),
      (i) =>
        client.send(
          new UpdateItemCommand({
            TableName: TABLE,
            Key: key(i),
            UpdateExpression: 'SET n = n + :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':one': { N: '1' } },
          }),
        ),
    ],
  ];
  for (const [operation, partiql, itemOperation] of pairs) {
    await timeMean(partiql, options.iterations);
    await timeMean(itemOperation, options.iterations);
    const ours: number[] = [];
    const reference: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await timeMean(partiql, options.iterations));
      reference.push(await timeMean(itemOperation, options.iterations));
    }
    const ratio = median(ours) / median(reference);
    rows.push({
      section: '(e) PartiQL in-process',
      operation,
      ours: formatUs(median(ours)),
      reference: formatUs(median(reference)),
      ratio,
      target: '≤ 1.5×',
      met: ratio <= 1.5,
    });
  }
  client.destroy();
}

async function setUp(client: DynamoDBClient): Promise<void> {
  const { CreateTableCommand, PutItemCommand } = await import('@aws-sdk/client-dynamodb');
  await client.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
    }),
  );
  for (let p = 0; p < 100; p++) {
    for (let s = 0; s < 10; s++) {
      await client.send(
        new PutItemCommand({
          TableName: TABLE,
          Item: { pk: { S: `p${p}` }, sk: { S: `s${s}` }, n: { N: '0' }, body: { S: 'x'.repeat(200) } },
        }),
      );
    }
  }
}

/** Mean microseconds per call over `count` sequential calls. */
async function timeMean(call: (index: number) => Promise<unknown>, count: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let index = 0; index < count; index++) await call(index);
  return Number(process.hrtime.bigint() - start) / 1000 / count;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
