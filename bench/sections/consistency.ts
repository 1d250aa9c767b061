import { GetItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient } from '../../src/local/index.js';
import { measureAsyncInterleaved, measureSyncInterleaved } from '../measure.js';
import type { BenchOptions } from '../options.js';
import { formatUs, type ResultRow } from '../report.js';

const SECTION = '(j) eventually consistent reads';
const TABLE = 'lagging';
const PARTITIONS = 200;
const ITEMS_PER_PARTITION = 11;
/** Items of each partition changed within the lag (so every Query meets that many lagging items). */
const CHANGED_PER_PARTITION = 3;
const PAYLOAD = 'x'.repeat(240);

const LAG_MS = 60_000;

/**
 * An in-memory engine with both lags on, holding 200 partitions of 11 items (≈ 300 bytes)
 * written long enough ago to be seen by every read; 3 items of each partition are then
 * changed, and the clock stops there, so those changes stay unseen by eventually
 * consistent reads for the whole run.
 */
function laggingEngine(): Engine {
  let time = 0;
  const engine = new Engine({
    inMemory: true,
    ttlReapIntervalMs: 0,
    now: () => time,
    cloud: { seed: 1, consistency: { replicationLagMs: LAG_MS, indexLagMs: LAG_MS } },
  });
  engine.handle('CreateTable', {
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
  });
  for (let partition = 0; partition < PARTITIONS; partition++) {
    for (let item = 0; item < ITEMS_PER_PARTITION; item++) {
      engine.handle('PutItem', { TableName: TABLE, Item: itemOf(partition, item, 'seeded') });
    }
  }
  time = 2 * LAG_MS;
  for (let partition = 0; partition < PARTITIONS; partition++) {
    for (let item = 0; item < CHANGED_PER_PARTITION; item++) {
      engine.handle('PutItem', { TableName: TABLE, Item: itemOf(partition, item * 4, 'changed') });
    }
  }
  return engine;
}

function itemOf(partition: number, item: number, version: string): Record<string, unknown> {
  return {
    pk: { S: `P#${partition}` },
    sk: { S: `ITEM#${String(item).padStart(2, '0')}` },
    version: { S: version },
    data: { S: PAYLOAD },
  };
}

/**
 * (j) A Query of one partition of 11 items, 3 of them changed within the lag, eventually
 * consistent against `ConsistentRead` on the same engine (target: at most 2× the cost),
 * through `engine.handle` and through the in-process low-level client; GetItem of a
 * changed item likewise.
 */
export async function runConsistency(options: BenchOptions, rows: ResultRow[], notes: string[]): Promise<void> {
  const engine = laggingEngine();
  const client = createLocalClient({ engine });
  try {
    const query = (i: number, consistent: boolean) => ({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: `P#${i % PARTITIONS}` } },
      ConsistentRead: consistent,
    });
    const get = (i: number, consistent: boolean) => ({
      TableName: TABLE,
      Key: { pk: { S: `P#${i % PARTITIONS}` }, sk: { S: 'ITEM#00' } },
      ConsistentRead: consistent,
    });
    const warmup = Math.max(200, options.iterations / 4);
    const [handleQueryLagging, handleQueryConsistent] = measureSyncInterleaved(
      [(i) => engine.handle('Query', query(i, false)), (i) => engine.handle('Query', query(i, true))],
      options.iterations,
      warmup,
    );
    push(rows, 'Query of 11 (3 lagging), engine.handle', handleQueryLagging.meanUs, handleQueryConsistent.meanUs);
    const [clientQueryLagging, clientQueryConsistent] = await measureAsyncInterleaved(
      [
        (i) => client.send(new QueryCommand(query(i, false) as never)),
        (i) => client.send(new QueryCommand(query(i, true) as never)),
      ],
      options.iterations,
      warmup,
    );
    push(rows, 'Query of 11 (3 lagging), in-process client', clientQueryLagging.meanUs, clientQueryConsistent.meanUs);
    const [clientGetLagging, clientGetConsistent] = await measureAsyncInterleaved(
      [
        (i) => client.send(new GetItemCommand(get(i, false) as never)),
        (i) => client.send(new GetItemCommand(get(i, true) as never)),
      ],
      options.iterations,
      warmup,
    );
    push(rows, 'GetItem of a lagging item, in-process client', clientGetLagging.meanUs, clientGetConsistent.meanUs);
  } finally {
    client.destroy();
    engine.close();
  }
  notes.push(
    `Eventually consistent reads (j): an in-memory engine with replicationLagMs and indexLagMs of 60 s and a clock that stands still once the items are written; ${PARTITIONS} partitions of ${ITEMS_PER_PARTITION} items (≈ 300 bytes), ${CHANGED_PER_PARTITION} of each changed within the lag, so every eventually consistent Query merges ${CHANGED_PER_PARTITION} prior images into storage's rows. The reference is the same request with ConsistentRead on the same engine.`,
  );
}

function push(rows: ResultRow[], operation: string, lagging: number, consistent: number): void {
  const ratio = lagging / consistent;
  rows.push({
    section: SECTION,
    operation: `${operation}: eventually consistent vs ConsistentRead`,
    ours: formatUs(lagging),
    reference: formatUs(consistent),
    ratio,
    target: '≤ 2× the cost',
    met: ratio <= 2,
  });
}
