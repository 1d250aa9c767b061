import { UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient } from '../../src/local/index.js';
import { measureAsyncInterleaved, measureSync } from '../measure.js';
import type { BenchOptions } from '../options.js';
import { formatUs, type ResultRow } from '../report.js';
import { seed, TABLE, WORKLOADS } from '../workloads.js';

const SECTION = '(f) streams, in-process';
const STREAMS = 'DynamoDBStreams_20120810.';

/** An in-process client on an in-memory engine holding the seeded table, with or without a stream. */
async function seededClient(withStream: boolean) {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  const client = createLocalClient({ engine });
  const documents = DynamoDBDocumentClient.from(client);
  await seed(client, documents);
  if (withStream) {
    await client.send(new UpdateTableCommand({ TableName: TABLE, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } }));
  }
  return { engine, client, documents };
}

/**
 * (f) PutItem and UpdateItem through the in-process client on a table with a
 * NEW_AND_OLD_IMAGES stream against the same table without one (the record is written in
 * the change's transaction, so it is on the write's path), and GetRecords of 1,000 records
 * through `engine.handle`.
 */
export async function runStreams(options: BenchOptions, rows: ResultRow[], notes: string[]): Promise<void> {
  const streamed = await seededClient(true);
  const plain = await seededClient(false);
  try {
    for (const workload of WORKLOADS.filter((candidate) => (candidate.name === 'put' || candidate.name === 'update') && options.only.has(candidate.name))) {
      const [ours, reference] = await measureAsyncInterleaved(
        [(i) => workload.call(streamed.documents, i, 'streamed'), (i) => workload.call(plain.documents, i, 'plain')],
        options.iterations,
        Math.max(100, options.iterations / 4),
      );
      const ratio = ours.meanUs / reference.meanUs;
      rows.push({
        section: SECTION,
        operation: `${workload.label}, NEW_AND_OLD_IMAGES stream vs none`,
        ours: formatUs(ours.meanUs),
        reference: formatUs(reference.meanUs),
        ratio,
        target: '≤ 1.3× the cost',
        met: ratio <= 1.3,
      });
    }

    const engine = streamed.engine;
    const { LatestStreamArn } = (engine.handle('DescribeTable', { TableName: TABLE }) as { Table: { LatestStreamArn: string } }).Table;
    for (let i = 0; i < 1000; i++) {
      engine.handle('PutItem', { TableName: TABLE, Item: { pk: { S: `REC#${i}` }, sk: { S: 'METADATA' }, n: { N: String(i) }, data: { S: 'x'.repeat(160) } } });
    }
    const { StreamDescription } = engine.handle(`${STREAMS}DescribeStream`, { StreamArn: LatestStreamArn }) as {
      StreamDescription: { Shards: { ShardId: string }[] };
    };
    const { ShardIterator } = engine.handle(`${STREAMS}GetShardIterator`, {
      StreamArn: LatestStreamArn,
      ShardId: StreamDescription.Shards[0].ShardId,
      ShardIteratorType: 'TRIM_HORIZON',
    }) as { ShardIterator: string };
    const read = () => engine.handle(`${STREAMS}GetRecords`, { ShardIterator, Limit: 1000 }) as { Records: unknown[] };
    if (read().Records.length !== 1000) throw new Error('expected 1,000 records');
    const timing = measureSync(read, Math.max(50, Math.floor(options.iterations / 10)), 20);
    rows.push({
      section: SECTION,
      operation: 'GetRecords, 1,000 records (engine.handle)',
      ours: formatUs(timing.meanUs),
      reference: '2 ms',
      ratio: timing.meanUs / 2000,
      target: '≤ 2 ms',
      met: timing.meanUs <= 2000,
    });
    notes.push('Streams (f): both tables hold the seeded items; writes go to fresh keys (PutItem) or seeded items (UpdateItem); records of ≈ 300-byte items.');
  } finally {
    streamed.client.destroy();
    plain.client.destroy();
    streamed.engine.close();
    plain.engine.close();
  }
}
