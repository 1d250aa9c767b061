import { UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { GetRecordsCommand } from '@aws-sdk/client-dynamodb-streams';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient, createLocalStreamsClient } from '../../src/local/index.js';
import { runStreamHandler } from '../../src/streams/index.js';
import { measureAsync, measureAsyncInterleaved, measureSync } from '../measure.js';
import type { BenchOptions } from '../options.js';
import { formatUs, type ResultRow } from '../report.js';
import { seed, TABLE, WORKLOADS } from '../workloads.js';

const SECTION = '(f) streams, in-process';
const STREAMS = 'DynamoDBStreams_20120810.';
const PAYLOAD = 'x'.repeat(160);

/** An in-process client on an in-memory engine holding the seeded table, with or without a stream. */
async function seededClient(withStream: boolean) {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  const client = createLocalClient({ engine });
  const documents = DynamoDBDocumentClient.from(client);
  await seed(client, documents);
  if (withStream) {
    await client.send(
      new UpdateTableCommand({
        TableName: TABLE,
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
  }
  return { engine, client, documents };
}

/**
 * (f) PutItem and UpdateItem through the in-process client on a table with a
 * NEW_AND_OLD_IMAGES stream against the same table without one (the record is written in
 * the change's transaction, so it is on the write's path); GetRecords of 1,000 records;
 * and the latency from a write to the invocation of a `runStreamHandler` handler.
 */
export async function runStreams(options: BenchOptions, rows: ResultRow[], notes: string[]): Promise<void> {
  const streamed = await seededClient(true);
  const plain = await seededClient(false);
  try {
    for (const workload of WORKLOADS.filter(
      (candidate) => (candidate.name === 'put' || candidate.name === 'update') && options.only.has(candidate.name),
    )) {
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
  } finally {
    for (const { client, engine } of [streamed, plain]) {
      client.destroy();
      engine.close();
    }
  }
  await measureGetRecords(options, rows);
  await measureHandlerLatency(options, rows);
  notes.push(
    'Streams (f): both tables hold the seeded items; writes go to fresh keys (PutItem) or seeded items (UpdateItem). ' +
      'GetRecords reads a fresh table of 1,000 INSERT records of ≈ 250-byte items (≈ 590 KB of records); the Scan of the same 1,000 items is shown for scale. ' +
      'Handler latency: from sending a PutItem to the handler being called, one write at a time, each once the runner is idle (drained), no batching window.',
  );
}

/** A table of 1,000 items written with a NEW_AND_OLD_IMAGES stream: 1,000 INSERT records. */
function thousandRecords(): { engine: Engine; iterator: string } {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  const answer = engine.handle('CreateTable', {
    TableName: 'records',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  }) as { TableDescription: { LatestStreamArn: string } };
  const arn = answer.TableDescription.LatestStreamArn;
  for (let i = 0; i < 1000; i++) {
    engine.handle('PutItem', {
      TableName: 'records',
      Item: {
        pk: { S: `REC#${i}` },
        sk: { S: 'METADATA' },
        status: { S: 'open' },
        n: { N: String(i) },
        data: { S: PAYLOAD },
      },
    });
  }
  const { StreamDescription } = engine.handle(`${STREAMS}DescribeStream`, { StreamArn: arn }) as {
    StreamDescription: { Shards: { ShardId: string }[] };
  };
  const { ShardIterator } = engine.handle(`${STREAMS}GetShardIterator`, {
    StreamArn: arn,
    ShardId: StreamDescription.Shards[0].ShardId,
    ShardIteratorType: 'TRIM_HORIZON',
  }) as { ShardIterator: string };
  return { engine, iterator: ShardIterator };
}

async function measureGetRecords(options: BenchOptions, rows: ResultRow[]): Promise<void> {
  const { engine, iterator } = thousandRecords();
  const streams = createLocalStreamsClient(engine);
  try {
    const request = { ShardIterator: iterator, Limit: 1000 };
    const read = () => engine.handle(`${STREAMS}GetRecords`, request) as { Records: unknown[] };
    if (read().Records.length !== 1000) throw new Error('expected 1,000 records');
    const syncIterations = Math.max(50, Math.floor(options.iterations / 10));
    const [handled, wire, scan] = [
      measureSync(read, syncIterations, 20),
      measureSync(() => engine.answer(`${STREAMS}GetRecords`, request).toJson(), syncIterations, 20),
      measureSync(() => engine.handle('Scan', { TableName: 'records' }), syncIterations, 20),
    ];
    const sdk = await measureAsync(
      () => streams.send(new GetRecordsCommand(request)),
      Math.max(20, Math.floor(options.iterations / 30)),
      10,
    );
    rows.push(
      {
        section: SECTION,
        operation: 'GetRecords, 1,000 records (engine.handle)',
        ours: formatUs(handled.meanUs),
        reference: '2 ms',
        ratio: handled.meanUs / 2000,
        target: '≤ 2 ms',
        met: handled.meanUs <= 2000,
      },
      {
        section: SECTION,
        operation: 'GetRecords, 1,000 records (engine.answer(…).toJson(): the wire text)',
        ours: formatUs(wire.meanUs),
        reference: '2 ms',
        ratio: wire.meanUs / 2000,
        target: '≤ 2 ms',
        met: wire.meanUs <= 2000,
      },
      {
        section: SECTION,
        operation: 'GetRecords, 1,000 records (createLocalStreamsClient, full SDK stack)',
        ours: formatUs(sdk.meanUs),
        reference: '–',
        ratio: undefined,
        target: 'shown',
        met: undefined,
      },
      {
        section: SECTION,
        operation: 'Scan, the same 1,000 items (engine.handle), for scale',
        ours: formatUs(scan.meanUs),
        reference: '–',
        ratio: undefined,
        target: 'shown',
        met: undefined,
      },
    );
  } finally {
    streams.destroy();
    engine.close();
  }
}

/** p50 of write → handler invocation through `runStreamHandler`, no batching window, one write at a time onto an idle runner. */
async function measureHandlerLatency(options: BenchOptions, rows: ResultRow[]): Promise<void> {
  const { engine, client, documents } = await seededClient(true);
  let invoked: () => void = () => undefined;
  const running = runStreamHandler({ client, tableName: TABLE, startingPosition: 'LATEST', handler: () => invoked() });
  // The runner's poll timer does not keep the process alive; this does, while a wait lasts.
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    const writes = Math.max(100, Math.floor(options.iterations / 5));
    const latencies: number[] = [];
    for (let i = 0; i < writes + 20; i++) {
      const handled = new Promise<number>((resolve) => (invoked = () => resolve(performance.now())));
      const started = performance.now();
      await documents.send(
        new PutCommand({
          TableName: TABLE,
          Item: { pk: `LATENCY#${i}`, sk: 'METADATA', status: 'open', data: PAYLOAD },
        }),
      );
      const at = await handled;
      if (i >= 20) latencies.push((at - started) * 1000);
      // The next write finds the runner idle: a runner still polling after a batch would
      // pick it up without any wake-up.
      await running.drain();
    }
    latencies.sort((a, b) => a - b);
    const p50 = latencies[Math.floor(latencies.length / 2)];
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))];
    rows.push({
      section: SECTION,
      operation: `PutItem → runStreamHandler handler invoked, p50 (p99 ${formatUs(p99)})`,
      ours: formatUs(p50),
      reference: '5 ms',
      ratio: p50 / 5000,
      target: '≤ 5 ms at p50',
      met: p50 <= 5000,
    });
  } finally {
    clearInterval(keepAlive);
    await running.stop();
    client.destroy();
    engine.close();
  }
}
