import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient } from '../../src/local/client/create-local-client.js';
import { measureAsync, measureSync, type Timing } from '../measure.js';
import type { BenchOptions } from '../options.js';
import { formatUs, type ResultRow } from '../report.js';
import { wireItem } from '../wire-requests.js';
import { CHILDREN, partition, seedItem, TABLE, TABLE_DEFINITION } from '../workloads.js';

const ITEMS_PER_PARTITION = CHILDREN + 1;
/** Items per write transaction while loading. */
const LOAD_CHUNK = 25 * 800;

/**
 * The scale table also carries a multi-attribute GSI: partition (pk, status), sort
 * (n, sk), so each of its partitions holds the 11 items of one table partition, and its
 * Query (every partition attribute, then `n =` on the first sort attribute) reads them
 * through one composite-key range.
 */
const MULTI_ATTRIBUTE_INDEX = 'byJobStatus';
const SCALE_TABLE_DEFINITION = {
  ...TABLE_DEFINITION,
  AttributeDefinitions: [
    ...TABLE_DEFINITION.AttributeDefinitions,
    { AttributeName: 'status', AttributeType: 'S' as const },
    { AttributeName: 'n', AttributeType: 'N' as const },
  ],
  GlobalSecondaryIndexes: [
    ...TABLE_DEFINITION.GlobalSecondaryIndexes,
    {
      IndexName: MULTI_ATTRIBUTE_INDEX,
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' as const },
        { AttributeName: 'status', KeyType: 'HASH' as const },
        { AttributeName: 'n', KeyType: 'RANGE' as const },
        { AttributeName: 'sk', KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    },
  ],
};
const MULTI_ATTRIBUTE_QUERY = {
  TableName: TABLE,
  IndexName: MULTI_ATTRIBUTE_INDEX,
  KeyConditionExpression: 'pk = :p AND #status = :s AND n = :n',
  ExpressionAttributeNames: { '#status': 'status' },
};

/**
 * (d) Query latency (one partition of 11 items, random partitions) as the table grows to
 * 10³, 10⁵ and 10⁶ items, on the table and on a multi-attribute GSI. Loading goes through `engine.handle('BatchWriteItem')`, 25 items
 * a call as DynamoDB allows, but with many calls grouped in one SQLite write transaction
 * (the storage's `writeTransaction`): a shortcut no client has, used to load 10⁶ items in
 * seconds instead of minutes; it does not change the data written.
 */
export async function runQueryScale(options: BenchOptions, rows: ResultRow[], notes: string[]): Promise<void> {
  const sizes = (options.quick ? [1_000, 10_000, 100_000] : [1_000, 100_000, 1_000_000]).filter(
    (size) => size <= options.scaleMax,
  );
  const directory = mkdtempSync(join(tmpdir(), 'monotable-scale-'));
  const engine = new Engine({ path: join(directory, 'scale.sqlite'), ttlReapIntervalMs: 0 });
  const client = createLocalClient({ engine });
  const documents = DynamoDBDocumentClient.from(client);
  try {
    engine.handle('CreateTable', SCALE_TABLE_DEFINITION);
    let loaded = 0;
    const results: Array<{ size: number; engine: Timing; client: Timing; multiEngine: Timing; multiClient: Timing }> =
      [];
    for (const size of sizes) {
      const started = performance.now();
      const before = loaded;
      while (loaded < size) {
        const target = Math.min(size, loaded + LOAD_CHUNK);
        engine.context.storage.writeTransaction(() => {
          while (loaded < target) {
            const count = Math.min(25, target - loaded);
            const requests = Array.from({ length: count }, (_, k) => {
              const index = loaded + k;
              return {
                PutRequest: {
                  Item: wireItem(seedItem(Math.floor(index / ITEMS_PER_PARTITION), index % ITEMS_PER_PARTITION)),
                },
              };
            });
            engine.handle('BatchWriteItem', { RequestItems: { [TABLE]: requests } });
            loaded += count;
          }
        });
      }
      const seconds = (performance.now() - started) / 1000;
      notes.push(
        `Loaded ${(loaded - before).toLocaleString('en')} items to reach ${size.toLocaleString('en')} in ${seconds.toFixed(1)} s (${Math.round((loaded - before) / seconds).toLocaleString('en')} items/s).`,
      );

      const partitions = Math.floor(size / ITEMS_PER_PARTITION);
      // A multiplicative walk visits partitions all over the key space, not neighbours.
      const pick = (i: number): string => partition(Number((BigInt(i) * 2654435761n) % BigInt(partitions)));
      const iterations = options.iterations * 2;
      const engineTiming = measureSync(
        (i) =>
          engine.handle('Query', {
            TableName: TABLE,
            KeyConditionExpression: 'pk = :p',
            ExpressionAttributeValues: { ':p': { S: pick(i) } },
          }),
        iterations,
        iterations / 4,
      );
      const clientTiming = await measureAsync(
        (i) =>
          documents.send(
            new QueryCommand({
              TableName: TABLE,
              KeyConditionExpression: 'pk = :p',
              ExpressionAttributeValues: { ':p': pick(i) },
            }),
          ),
        iterations,
        iterations / 4,
      );
      const multiEngine = measureSync(
        (i) =>
          engine.handle('Query', {
            ...MULTI_ATTRIBUTE_QUERY,
            ExpressionAttributeValues: { ':p': { S: pick(i) }, ':s': { S: 'open' }, ':n': { N: '0' } },
          }),
        iterations,
        iterations / 4,
      );
      const multiClient = await measureAsync(
        (i) =>
          documents.send(
            new QueryCommand({
              ...MULTI_ATTRIBUTE_QUERY,
              ExpressionAttributeValues: { ':p': pick(i), ':s': 'open', ':n': 0 },
            }),
          ),
        iterations,
        iterations / 4,
      );
      const check = engine.handle('Query', {
        ...MULTI_ATTRIBUTE_QUERY,
        ExpressionAttributeValues: { ':p': { S: pick(1) }, ':s': { S: 'open' }, ':n': { N: '0' } },
      }) as { Count: number };
      if (check.Count !== ITEMS_PER_PARTITION) throw new Error(`multi-attribute GSI Query read ${check.Count} items`);
      results.push({ size, engine: engineTiming, client: clientTiming, multiEngine, multiClient });
    }
    const base = results[0];
    for (const result of results.slice(1)) {
      for (const [label, ours, reference] of [
        ['engine.handle', result.engine, base.engine],
        ['in-process SDK', result.client, base.client],
        ['multi-attribute GSI (2+2), engine.handle', result.multiEngine, base.multiEngine],
        ['multi-attribute GSI (2+2), in-process SDK', result.multiClient, base.multiClient],
      ] as const) {
        const ratio = ours.meanUs / reference.meanUs;
        rows.push({
          section: `(d) Query at ${result.size.toLocaleString('en')} vs ${base.size.toLocaleString('en')} items`,
          operation: `Query (partition of 11), ${label}`,
          ours: formatUs(ours.meanUs),
          reference: formatUs(reference.meanUs),
          ratio,
          target: '≤ 1.5× slower',
          met: ratio <= 1.5,
        });
      }
    }
  } finally {
    client.destroy();
    engine.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
