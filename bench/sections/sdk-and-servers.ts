import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createLocalClient, localEngineOf } from '../../src/local/client/create-local-client.js';
import { measureAsyncInterleaved, measureServerCpu, measureSync, type Timing } from '../measure.js';
import type { BenchOptions } from '../options.js';
import {
  httpClient,
  reconnect,
  startDynalitePeer,
  startDynamoDbLocalPeer,
  startFloorPeer,
  startMonotablePeer,
  type Peer,
} from '../peers.js';
import { formatUs, type ResultRow } from '../report.js';
import { WIRE_REQUESTS } from '../wire-requests.js';
import { seed, WORKLOADS } from '../workloads.js';

/**
 * Server CPU is read in 10 ms ticks; 200 ticks (2 s of server CPU) keep the quantization
 * error of a per-call figure near 1 %.
 */
const MINIMUM_SERVER_TICKS = 200;

/**
 * (a) the in-process client (fast path) against DynamoDB Local over HTTP, same client
 * code; (b) server CPU per operation of `monotable serve` against DynamoDB Local and
 * dynalite, with a bare Node HTTP server as the floor.
 */
export async function runSdkAndServers(options: BenchOptions, rows: ResultRow[], notes: string[]): Promise<void> {
  const workloads = WORKLOADS.filter((workload) => options.only.has(workload.name));
  const warmup = Math.max(30, Math.round(options.iterations / 4));
  const wantSdk = options.sections.has('sdk');
  const wantServers = options.sections.has('servers');

  const peers: Peer[] = [];
  const dynamoDbLocal = await startDynamoDbLocalPeer();
  if (dynamoDbLocal) peers.push(dynamoDbLocal);
  else notes.push('DynamoDB Local is not installed (scripts/fetch-dynamodb-local.sh): its comparisons are n/a.');
  const monotable = wantServers ? await startMonotablePeer() : undefined;
  const dynalite = wantServers ? await startDynalitePeer() : undefined;
  const floor = wantServers ? await startFloorPeer() : undefined;
  for (const peer of [monotable, dynalite, floor]) if (peer) peers.push(peer);

  try {
    const local = createLocalClient({ inMemory: true, engineOptions: { ttlReapIntervalMs: 0 } });
    const localDocuments = DynamoDBDocumentClient.from(local);
    await seed(local, localDocuments);
    const clients = new Map<Peer, DynamoDBDocumentClient>();
    const rawClients = [local];
    for (const peer of peers) {
      const client = httpClient(peer.endpoint);
      rawClients.push(client);
      const documents = DynamoDBDocumentClient.from(client);
      if (peer !== floor) await seed(client, documents);
      clients.set(peer, documents);
    }

    for (const workload of workloads) {
      process.stdout.write(`  ${workload.label}:`);
      let inProcess: Timing | undefined;
      let remote: Timing | undefined;
      if (wantSdk) {
        // (a) interleaved with DynamoDB Local, so both see the same machine load.
        process.stdout.write(' in-process vs DynamoDB Local…');
        const remoteDocuments = dynamoDbLocal ? clients.get(dynamoDbLocal) : undefined;
        const calls = [(i: number) => workload.call(localDocuments, i, 'local')];
        // Before each timed round, each side's lead-in calls on its measured target (writes
        // go to keys of their own). The in-process client makes some thirty times more of
        // them, so its engine grows more than DynamoDB Local's table: that only counts
        // against it.
        const leadIns = [(i: number) => workload.call(localDocuments, i, 'lead-in')];
        if (remoteDocuments) {
          await reconnect(remoteDocuments);
          calls.push((i: number) => workload.call(remoteDocuments, i, 'latency'));
          leadIns.push((i: number) => workload.call(remoteDocuments, i, 'lead-in'));
        }
        // The in-process client spends its equal share of warm-up time on a throwaway
        // engine: in 3 s it makes some thirty times DynamoDB Local's calls, and those writes
        // would otherwise grow the engine it is measured on far beyond DynamoDB Local's table.
        const standIn = createLocalClient({ inMemory: true, engineOptions: { ttlReapIntervalMs: 0 } });
        const standInDocuments = DynamoDBDocumentClient.from(standIn);
        await seed(standIn, standInDocuments);
        try {
          [inProcess, remote] = await measureAsyncInterleaved(
            calls,
            options.iterations,
            warmup,
            [(i: number) => workload.call(standInDocuments, i, 'warm-up')],
            leadIns,
          );
        } finally {
          standIn.destroy();
        }
        // The engine alone behind the same client, same wire input: what of (a) is not the engine.
        const engine = localEngineOf(local);
        const wire = WIRE_REQUESTS[workload.name];
        const alone = measureSync(
          (i) => engine.handle(wire.operation, wire.input(i, 'alone')),
          options.iterations,
          warmup,
        );
        notes.push(
          `${workload.label}: in-process ${formatUs(inProcess.meanUs)} = engine.handle alone on the same in-memory engine ` +
            `${formatUs(alone.meanUs)} + ${formatUs(inProcess.meanUs - alone.meanUs)} for the SDK client, the DocumentClient ` +
            'and their running between engine calls (the engine alone runs in a hot loop, with warm caches).',
        );
      }
      const timings = new Map<Peer, Timing | undefined>();
      if (wantServers) {
        for (const peer of peers) {
          process.stdout.write(` ${peer.name}…`);
          if (peer.unsupported.has(workload.name)) {
            timings.set(peer, undefined);
            continue;
          }
          const documents = clients.get(peer)!;
          await reconnect(documents);
          timings.set(
            peer,
            await measureServerCpu((i) => workload.call(documents, i, 'http'), {
              warmup,
              minimumCalls: options.iterations,
              minimumTicks: options.quick ? 20 : MINIMUM_SERVER_TICKS,
              maximumSeconds: options.quick ? 5 : 40,
              pid: peer.pid,
            }),
          );
        }
      }
      process.stdout.write('\n');

      if (inProcess) {
        const ratio = remote ? remote.meanUs / inProcess.meanUs : undefined;
        rows.push({
          section: '(a) in-process SDK vs DynamoDB Local',
          operation: workload.label,
          ours: formatUs(inProcess.meanUs),
          reference: formatUs(remote?.meanUs),
          ratio,
          target: '≥ 20× faster',
          met: ratio === undefined ? undefined : ratio >= 20,
        });
      }
      if (monotable) {
        const ours = timings.get(monotable)?.serverCpuUs;
        for (const peer of [dynamoDbLocal, dynalite]) {
          if (!peer) continue;
          const theirs = timings.get(peer)?.serverCpuUs;
          const ratio = ours !== undefined && theirs !== undefined ? theirs / ours : undefined;
          rows.push({
            section: `(b) server CPU/op vs ${peer.name}`,
            operation: workload.label,
            ours: formatUs(ours),
            reference: theirs === undefined && peer.unsupported.has(workload.name) ? 'unsupported' : formatUs(theirs),
            ratio,
            target: '≤ ⅓ (≥ 3×)',
            met: ratio === undefined ? undefined : ratio >= 3,
          });
        }
        const floorCpu = floor ? timings.get(floor)?.serverCpuUs : undefined;
        rows.push({
          section: '(b) floor: bare Node HTTP server',
          operation: workload.label,
          ours: formatUs(ours),
          reference: formatUs(floorCpu),
          ratio: ours !== undefined && floorCpu ? ours / floorCpu : undefined,
          target: 'informative (ours ÷ floor)',
          met: undefined,
        });
        const http = timings.get(monotable);
        if (http)
          notes.push(
            `${workload.label}: monotable serve over HTTP, client-side latency ${formatUs(http.meanUs)} (p99 ${formatUs(http.p99Us)}).`,
          );
        const counts = peers
          .map((peer) => ({ peer, timing: timings.get(peer) }))
          .filter(({ timing }) => timing?.cpuTicks !== undefined)
          .map(
            ({ peer, timing }) =>
              `${peer.name} ${timing!.calls.toLocaleString('en')} calls / ${timing!.cpuTicks} ticks`,
          );
        if (counts.length > 0) notes.push(`${workload.label}: server CPU measured over ${counts.join(', ')}.`);
      }
    }
    for (const client of rawClients) client.destroy();
  } finally {
    await Promise.all(peers.map((peer) => peer.stop()));
  }
}
