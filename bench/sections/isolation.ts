import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient } from '../../src/local/client/create-local-client.js';
import { ENGINE_PHASES, measureEngineIsolation } from '../isolation-engine.js';
import { emptyPhaseTotals, ISOLATION_PHASES, runIsolatedTest, type PhaseTotals } from '../isolation-test.js';
import { measureAsyncInterleaved } from '../measure.js';
import type { BenchOptions } from '../options.js';
import { httpClient, startDynalitePeer, startDynamoDbLocalPeer, startMonotablePeer, type Peer } from '../peers.js';
import { formatRatio, formatUs, type ResultRow } from '../report.js';

/** How (g) is measured, for RESULTS.md. */
export const ISOLATION_METHOD = `
- **(g)** one isolated test, whole, as a test suite writes it (\`bench/isolation-test.ts\`):
  a fresh client, CreateTable (pk/sk and one GSI), DescribeTable until ACTIVE, 20 PutItem,
  a Query, a GSI Query, a conditional UpdateItem, DeleteTable, the client destroyed. Same
  DocumentClient code on every target: in-process, a fresh in-memory engine per test
  (\`createLocalClient({ inMemory: true })\`); over HTTP, a fresh \`DynamoDBClient\` (so a
  fresh connection) and a table of its own per test on one running \`monotable serve
  --in-memory\`, DynamoDB Local 1.25.1 (\`-inMemory\`) and dynalite 4.0.0
  (\`--createTableMs 0\`). Each target warms up for 3 s of its own on throwaway tables, then
  the targets are measured alternately in 9 rounds, each after 50 ms of the target's own
  untimed tests; a figure is the median of its round means. The notes split each target's
  time into the test's phases (means over the timed tests). The same test is then run
  through \`engine.handle\` alone (\`bench/isolation-engine.ts\`: wire JSON, fresh in-memory
  engines, no SDK), four times as many tests, to show what of the in-process figure is the
  engine's.`.trim();

/** The rows' section label. */
export const ISOLATION_SECTION = '(g) per-test isolation';

interface Target {
  readonly name: string;
  readonly newClient: () => DynamoDBClient;
  readonly phases: PhaseTotals;
}

/**
 * (g) What one isolated test costs (isolation-test.ts), whole, on each target: in-process
 * (a fresh in-memory engine per test), `monotable serve`, DynamoDB Local and dynalite
 * (a fresh client and a fresh table per test on one running server). The targets are
 * measured alternately in rounds, like (a).
 */
export async function runIsolation(options: BenchOptions, rows: ResultRow[], notes: string[]): Promise<void> {
  // One test makes 27 calls; a seventh of the per-operation count keeps the section near half a minute.
  const iterations = Math.max(27, Math.round(options.iterations / 7));
  const warmup = 10;
  const peers: Peer[] = [];
  try {
    const dynamoDbLocal = await startDynamoDbLocalPeer();
    if (dynamoDbLocal) peers.push(dynamoDbLocal);
    else
      notes.push(
        'DynamoDB Local is not installed (scripts/fetch-dynamodb-local.sh): isolation comparisons with it are n/a.',
      );
    const serve = await startMonotablePeer();
    const dynalite = await startDynalitePeer();
    peers.push(serve, dynalite);

    const target = (name: string, newClient: () => DynamoDBClient): Target => ({
      name,
      newClient,
      phases: emptyPhaseTotals(),
    });
    const inProcess = target('in-process', () =>
      createLocalClient({ inMemory: true, engineOptions: { ttlReapIntervalMs: 0 } }),
    );
    const remote = [serve, dynamoDbLocal, dynalite]
      .filter((peer): peer is Peer => peer !== undefined)
      .map((peer) => target(peer.name, () => httpClient(peer.endpoint)));
    const targets = [inProcess, ...remote];

    // Every test has a table of its own; names differ by purpose and iteration.
    const run = (which: Target, purpose: string, phases?: PhaseTotals) => (i: number) =>
      runIsolatedTest(which.newClient, `isolation-${purpose}-${i}`, phases);
    // Warm-up by equal wall time on throwaway tables (the "stand-in" of measureAsyncInterleaved),
    // so no target has to match the call count the fastest one reaches in that time.
    const timings = await measureAsyncInterleaved(
      targets.map((which) => {
        const timed = run(which, 'timed', which.phases);
        const untimed = run(which, 'settle');
        return (i: number) => (i >= warmup ? timed(i) : untimed(i));
      }),
      iterations,
      warmup,
      targets.map((which) => run(which, 'warm-up')),
      targets.map((which) => run(which, 'lead-in')),
    );
    const byName = new Map(targets.map((which, index) => [which.name, timings[index].meanUs]));
    const ours = byName.get(inProcess.name);
    const row = (reference: string, target: string, minimum?: number): void => {
      const theirs = byName.get(reference);
      const ratio = ours !== undefined && theirs !== undefined ? theirs / ours : undefined;
      rows.push({
        section: `${ISOLATION_SECTION}: in-process vs ${reference}`,
        operation: 'one isolated test (27 calls)',
        ours: formatUs(ours),
        reference: formatUs(theirs),
        ratio,
        target: minimum === undefined ? target : `≥ ${minimum}× faster`,
        met: minimum === undefined || ratio === undefined ? undefined : ratio >= minimum,
      });
    };
    if (dynamoDbLocal) row(dynamoDbLocal.name, '', 30);
    row(dynalite.name, 'informative');
    row(serve.name, 'informative');
    for (const which of targets) {
      const parts = ISOLATION_PHASES.map(
        (phase) => `${phase} ${formatUs((which.phases[phase] * 1000) / iterations)}`,
      ).join(', ');
      notes.push(
        `Isolated test on ${which.name}: ${formatUs(byName.get(which.name))} (median of round means); mean per phase: ${parts}.`,
      );
    }
    const engineAlone = measureEngineIsolation(
      (engineOptions) => new Engine(engineOptions),
      iterations * 4,
      iterations,
    );
    const engineTotal = ENGINE_PHASES.reduce((sum, phase) => sum + engineAlone[phase], 0);
    notes.push(
      `Isolated test through engine.handle alone (same calls as wire JSON, a fresh in-memory engine, no SDK): ${formatUs(engineTotal)}; ` +
        `${ENGINE_PHASES.map((phase) => `${phase} ${formatUs(engineAlone[phase])}`).join(', ')}.`,
    );
    const serveTime = byName.get(serve.name);
    const localTime = dynamoDbLocal ? byName.get(dynamoDbLocal.name) : undefined;
    if (serveTime !== undefined && localTime !== undefined) {
      notes.push(
        `Isolated test, monotable serve vs DynamoDB Local (both over HTTP, fresh client per test): ${formatRatio(localTime / serveTime)} faster.`,
      );
    }
  } finally {
    await Promise.all(peers.map((peer) => peer.stop()));
  }
}
