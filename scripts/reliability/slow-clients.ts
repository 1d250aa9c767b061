/**
 * Slow and stalled clients against one server: connections trickling their request head,
 * connections holding a half-sent 15 MB body, and a well-behaved SDK client beside them.
 * Prints how long the well-behaved calls took, when the slow ones were closed, and the RSS.
 *
 *   node --import tsx scripts/reliability/slow-clients.ts          # 1,000 slow heads, 100 stalled bodies
 *   node --import tsx scripts/reliability/slow-clients.ts --quick  # 200 and 20, for CI
 *
 * Server and clients share this process, so the RSS printed counts both (an upper bound).
 */
import { connect, type Socket } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { startServer } from '../../src/local/server/start-server.js';

const quick = process.argv.includes('--quick');
const SLOW_HEADS = quick ? 200 : 1_000;
const STALLED_BODIES = quick ? 20 : 100;
const BODY_BYTES = 15 * 1024 * 1024;
const HEADER_TIMEOUT_MS = 2_000;
const BODY_TIMEOUT_MS = 3_000;
const RSS_LIMIT_MB = 300;

const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024));

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function main(): Promise<void> {
  const server = await startServer({
    port: 0,
    limits: { headerTimeoutMs: HEADER_TIMEOUT_MS, bodyTimeoutMs: BODY_TIMEOUT_MS, maxConnections: 4_096 },
  });
  const client = new DynamoDBClient({
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const started = Date.now();

  const closeTimes: number[] = [];
  const closedByKind = { head: 0, body: 0 };
  const track = (socket: Socket, kind: 'head' | 'body'): void => {
    socket.on('error', () => undefined);
    socket.once('close', () => {
      closedByKind[kind]++;
      closeTimes.push(Date.now() - started);
    });
  };
  const heads: Socket[] = [];
  for (let index = 0; index < SLOW_HEADS; index++) {
    const socket = await open(server.port);
    track(socket, 'head');
    socket.write('POST / HTTP/1.1\r\nHost: localhost\r\n');
    heads.push(socket);
  }
  const trickle = setInterval(() => {
    for (const socket of heads) if (!socket.destroyed) socket.write('X');
  }, 250);
  const half = Buffer.alloc(BODY_BYTES / 2, 0x20);
  for (let index = 0; index < STALLED_BODIES; index++) {
    const socket = await open(server.port);
    track(socket, 'body');
    socket.write(
      'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n' +
        `X-Amz-Target: DynamoDB_20120810.ListTables\r\nAuthorization: x\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`,
    );
    socket.write(half);
  }

  // The well-behaved client, while the slow ones are open and until they are all closed.
  const latencies: number[] = [];
  let failures = 0;
  const total = SLOW_HEADS + STALLED_BODIES;
  const giveUp = Date.now() + HEADER_TIMEOUT_MS + BODY_TIMEOUT_MS + 10_000;
  while (closeTimes.length < total && Date.now() < giveUp) {
    const callStart = performance.now();
    try {
      await client.send(new ListTablesCommand({}));
      latencies.push(performance.now() - callStart);
    } catch {
      failures++;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  clearInterval(trickle);
  clearInterval(sampler);
  const sorted = [...latencies].sort((a, b) => a - b);
  const figures = {
    mode: quick ? 'quick' : 'full',
    slowHeadConnections: SLOW_HEADS,
    stalledBodies: STALLED_BODIES,
    closedByServer: closeTimes.length,
    closedByKind,
    lastClosedAtMs: Math.max(...closeTimes),
    wellBehavedCalls: latencies.length,
    wellBehavedFailures: failures,
    wellBehavedP50Ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN),
    wellBehavedMaxMs: Math.round(sorted[sorted.length - 1] ?? NaN),
    rssStartMb: mb(rssStart),
    rssPeakMb: mb(rssPeak),
  };
  console.log(JSON.stringify(figures, null, 2));
  client.destroy();
  for (const socket of heads) socket.destroy();
  await server.close();
  const ok = closeTimes.length === total && failures === 0 && latencies.length > 0 && mb(rssPeak) <= RSS_LIMIT_MB;
  console.log(ok ? 'slow-clients: PASS' : 'slow-clients: FAIL');
  process.exit(ok ? 0 : 1);
}

await main();
