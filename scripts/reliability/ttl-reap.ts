/**
 * A large TTL reap under load: builds a table of expired items, reaps it in the background
 * while a GetItem loop runs against the same engine, and prints the longest GetItem, first
 * in-process (createLocalClient), then over HTTP (startServer, the server `monotable serve` runs).
 *
 *   node --import tsx scripts/reliability/ttl-reap.ts            # 200,000 items
 *   node --import tsx scripts/reliability/ttl-reap.ts --quick    # 20,000 items, for CI
 *
 * Exits non-zero when the longest GetItem exceeds 50 ms or an expired item survives.
 */
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { engineWithExpiredItems } from '../../src/engine/bulk-items.test-support.js';
import type { Engine } from '../../src/engine/engine.js';
import { createLocalClient, startServer } from '../../src/local/index.js';

const quick = process.argv.includes('--quick');
const itemCount = quick ? 20_000 : 200_000;
const limitMs = 50;

function engineWithExpiredAndOneLiveItem(): Engine {
  const engine = engineWithExpiredItems(itemCount);
  engine.handle('PutItem', { TableName: 'cache', Item: { pk: { S: 'live' } } });
  return engine;
}

async function measure(label: string, engine: Engine, client: DynamoDBClient): Promise<boolean> {
  // Warm-up: the first call opens the connection and compiles the path; not the reap's doing.
  await client.send(new GetItemCommand({ TableName: 'cache', Key: { pk: { S: 'live' } } }));
  let reaping = true;
  let longest = 0;
  let calls = 0;
  const load = (async () => {
    while (reaping) {
      const started = performance.now();
      await client.send(new GetItemCommand({ TableName: 'cache', Key: { pk: { S: 'live' } } }));
      longest = Math.max(longest, performance.now() - started);
      calls++;
      // An in-process call answers within microtasks; the loop gives the event loop a turn
      // as any program doing I/O between calls does.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const started = performance.now();
  const deleted = await engine.reapExpiredItemsInBackground();
  const reapMs = performance.now() - started;
  reaping = false;
  await load;
  const left = (engine.handle('Scan', { TableName: 'cache', Select: 'COUNT' }) as { Count: number }).Count;
  console.log(
    `${label}: reaped ${deleted} of ${itemCount} in ${Math.round(reapMs)} ms; ${calls} GetItem calls meanwhile, ` +
      `longest ${longest.toFixed(1)} ms (limit ${limitMs}); items left ${left}`,
  );
  return deleted === itemCount && left === 1 && longest <= limitMs;
}

const inProcessEngine = engineWithExpiredAndOneLiveItem();
const inProcessClient = createLocalClient({ engine: inProcessEngine });
const inProcessOk = await measure('in-process', inProcessEngine, inProcessClient);
inProcessClient.destroy();
inProcessEngine.close();

const servedEngine = engineWithExpiredAndOneLiveItem();
const server = await startServer({ engine: servedEngine, port: 0 });
const httpClient = new DynamoDBClient({
  endpoint: server.endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const httpOk = await measure('over HTTP', servedEngine, httpClient);
httpClient.destroy();
await server.close();
servedEngine.close();

process.exitCode = inProcessOk && httpOk ? 0 : 1;
