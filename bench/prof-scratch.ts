import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createLocalClient } from '../src/local/create-local-client.js';
import { seed, WORKLOADS } from './workloads.js';
import { WIRE_REQUESTS } from './wire-requests.js';
const client = createLocalClient({ inMemory: true, engineOptions: { ttlReapIntervalMs: 0 } });
const docs = DynamoDBDocumentClient.from(client);
await seed(client, docs);
const get = WORKLOADS[0];
const engine = (await import('../src/local/create-local-client.js')).localEngineOf(client);
for (let r = 0; r < 3; r++) {
  let c = process.cpuUsage(); let t = process.hrtime.bigint(); const N = 20000;
  for (let i = 0; i < N; i++) await get.call(docs, i, 'x');
  const cu = process.cpuUsage(c); const sdk = (cu.user + cu.system) / N;
  t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) engine.handle('GetItem', WIRE_REQUESTS.get.input(i, 'x'));
  const eng = Number(process.hrtime.bigint() - t) / N / 1000;
  console.log('fast path µs', sdk.toFixed(1), 'engine µs', eng.toFixed(1));
}
