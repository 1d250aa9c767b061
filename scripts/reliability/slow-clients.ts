/**
 * Slow and stalled clients against `monotable serve`: connections trickling their request
 * head, connections holding a half-sent 15 MB body, and a well-behaved SDK client beside
 * them. Prints how long the well-behaved calls took, how and when the slow ones were closed,
 * and the server's peak RSS.
 *
 *   node --import tsx scripts/reliability/slow-clients.ts          # 1,000 slow heads, 100 stalled bodies
 *   node --import tsx scripts/reliability/slow-clients.ts --quick  # 200 and 20, for CI (about 10 s)
 *
 * Arguments other than `--quick` go to `monotable serve` (e.g. `--max-buffered-mb 32`).
 *
 * The server runs as its own process (the CLI, with default buffer cap), so the RSS printed
 * is the server's alone: its high-water mark from /proc (`VmHWM`) where there is one, else
 * sampled with `ps`. Every slow client reads what it is sent: a socket that is never read
 * never sees the server's FIN, so Node would not report its close (an earlier version of
 * this script counted those as still open although the server had closed them).
 *
 * Exits non-zero unless every slow connection is closed by the server, every well-behaved
 * call succeeds, and the server's peak RSS is ≤ 300 MB.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { startCliServer } from '../../test/local/support/run-cli.js';

// The SDK's notice that its 2027 releases need Node 22 is noise here (the CLI silences it too).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const quick = process.argv.includes('--quick');
const SLOW_HEADS = quick ? 200 : 1_000;
const STALLED_BODIES = quick ? 20 : 100;
const BODY_BYTES = 15 * 1024 * 1024;
const HEADER_TIMEOUT_S = 2;
const BODY_TIMEOUT_S = 3;
const RSS_LIMIT_MB = 300;

const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024));

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The process's resident set now and at its peak, in bytes (peak is the highest sample without /proc). */
function rssOf(pid: number): { now: number; peak: number | undefined } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
    return { now: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return {
      now: Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024,
      peak: undefined,
    };
  }
}

/** CPU time the process has used, in ms (user + system), or NaN without /proc. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function main(): Promise<void> {
  const server = await startCliServer([
    '--in-memory',
    '--header-timeout',
    String(HEADER_TIMEOUT_S),
    '--body-timeout',
    String(BODY_TIMEOUT_S),
    '--max-connections',
    '4096',
    ...process.argv.slice(2).filter((arg) => arg !== '--quick'),
  ]);
  const pid = server.child.pid!;
  const port = Number(new URL(server.endpoint).port);
  const client = new DynamoDBClient({
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await client.send(new ListTablesCommand({}));
  const rssStart = rssOf(pid).now;
  const cpuStart = cpuMsOf(pid);
  let rssSampled = rssStart;
  const sampler = setInterval(() => (rssSampled = Math.max(rssSampled, rssOf(pid).now)), 50);
  const started = Date.now();

  const closeTimes: number[] = [];
  const closedByKind = { head: 0, body: 0 };
  const lastClosedMsByKind = { head: 0, body: 0 };
  /** What each stalled body was answered before its close: a 408, or nothing (a plain close). */
  const bodyAnswers = { requestTimeout408: 0, other: 0, none: 0 };
  const track = (socket: Socket, kind: 'head' | 'body'): void => {
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      if (answer.length < 64) answer += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.once('close', () => {
      closedByKind[kind]++;
      closeTimes.push(Date.now() - started);
      lastClosedMsByKind[kind] = Date.now() - started;
      if (kind !== 'body') return;
      if (answer.startsWith('HTTP/1.1 408 ')) bodyAnswers.requestTimeout408++;
      else if (answer === '') bodyAnswers.none++;
      else bodyAnswers.other++;
    });
  };
  const heads: Socket[] = [];
  for (let index = 0; index < SLOW_HEADS; index++) {
    const socket = await open(port);
    track(socket, 'head');
    socket.write('POST / HTTP/1.1\r\nHost: localhost\r\n');
    heads.push(socket);
  }
  const trickle = setInterval(() => {
    for (const socket of heads) if (!socket.destroyed) socket.write('X');
  }, 250);
  // One buffer for every socket: written, not copied, so the clients' memory stays small.
  const half = Buffer.alloc(BODY_BYTES / 2, 0x20);
  for (let index = 0; index < STALLED_BODIES; index++) {
    const socket = await open(port);
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
  const giveUp = Date.now() + (HEADER_TIMEOUT_S + BODY_TIMEOUT_S) * 1000 + 10_000;
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
  const rss = rssOf(pid);
  const rssPeak = rss.peak ?? Math.max(rssSampled, rss.now);
  const sorted = [...latencies].sort((a, b) => a - b);
  const figures = {
    mode: quick ? 'quick' : 'full',
    slowHeadConnections: SLOW_HEADS,
    stalledBodies: STALLED_BODIES,
    closedByServer: closeTimes.length,
    closedByKind,
    bodyAnswers,
    lastClosedMsByKind,
    wellBehavedCalls: latencies.length,
    wellBehavedFailures: failures,
    wellBehavedP50Ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN),
    wellBehavedMaxMs: Math.round(sorted[sorted.length - 1] ?? NaN),
    serverCpuMs: cpuMsOf(pid) - cpuStart,
    serverRssStartMb: mb(rssStart),
    serverRssPeakMb: mb(rssPeak),
    serverRssPeakFrom: rss.peak === undefined ? 'ps samples' : '/proc VmHWM',
  };
  console.log(JSON.stringify(figures, null, 2));
  client.destroy();
  for (const socket of heads) socket.destroy();
  await server.stop('SIGTERM');
  const ok = closeTimes.length === total && failures === 0 && latencies.length > 0 && mb(rssPeak) <= RSS_LIMIT_MB;
  console.log(ok ? 'slow-clients: PASS' : 'slow-clients: FAIL');
  process.exit(ok ? 0 : 1);
}

await main();
