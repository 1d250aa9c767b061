import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient } from '../../src/local/index.js';
import { applyMigration, planMigration } from '../../src/migrations/index.js';
import { createTableFromModel, TableRepository } from '../../src/repository/index.js';
import { jobsModel } from '../../test/migrations/fixtures/jobs-models.js';
import { seededJob } from '../../test/migrations/support.js';
import type { BenchOptions } from '../options.js';
import { httpClient, startMonotablePeer } from '../peers.js';
import type { ResultRow } from '../report.js';

const SECTION = '(i) migration backfill';

export const MIGRATION_BACKFILL_METHOD = `
- \`migrate apply\` of research-jobs v1 → v2 (\`applyMigration\`, defaults: Scan pages of 500, 32 requests in flight),
  timed from the backfill step's start to its end (the index creation before it is not counted). Every job gets its
  gsi2 keys and gsi1's new sparse \`when\` (3 jobs of 5 leave gsi1), each by a conditional update (the job's
  version unchanged since it was read): 100 updates per TransactWriteItems against a local engine (the default
  there), or one UpdateItem each.
- Jobs padded to ≈ 1 KB stored, seeded by BatchWriteItem before the clock starts; a fresh in-memory engine per run;
  one throwaway run first so the measured runs find the code compiled.
- In process: \`createLocalClient\` on an \`Engine\` of its own. Over serve: \`monotable serve --in-memory\` in its own
  process, the SDK client over HTTP with keep-alive.
- CPU per item: this process's user + system time over the step ÷ jobs (in process, the engine's time is in it).
- \`node --import tsx bench/sections/migration-backfill.ts 20000 in-process\` runs one measurement alone;
  \`BACKFILL_PROFILE=backfill.cpuprofile\` with it writes a CPU profile of the backfill step.`.trim();

/** A title that makes a job ≈ 1 KB once stored with its keys (v2's gsi2 keys included). */
const PADDING = 'x'.repeat(760);

export interface BackfillRun {
  readonly items: number;
  readonly seconds: number;
  readonly itemsPerSecond: number;
  /** CPU time of this process over the step (user + system), seconds. */
  readonly cpuSeconds: number;
  readonly written: number;
}

/** Seeds `items` v1 jobs, then times the backfill step of the v1 -> v2 migration. */
export async function timeBackfill(
  client: DynamoDBClient,
  tableName: string,
  items: number,
  changesPerTransaction?: number,
): Promise<BackfillRun> {
  const v1 = jobsModel(1);
  await createTableFromModel(client, v1, { tableName });
  const jobs = new TableRepository(client, v1, { tableName }).entity('job');
  for (let start = 0; start < items; start += 1000) {
    const page = Array.from({ length: Math.min(1000, items - start) }, (_, n) => ({
      ...seededJob(start + n),
      title: `${start + n} ${PADDING}`,
    }));
    await jobs.batchPut(page as never);
  }
  await applyMigration(await planMigration(v1, client, { tableName }), client);
  const plan = await planMigration(jobsModel(2), client, { tableName, count: false });
  let started = 0;
  let seconds = 0;
  let cpuStart = process.cpuUsage();
  let cpuSeconds = 0;
  const profile = process.env.BACKFILL_PROFILE;
  const result = await applyMigration(plan, client, {
    pollIntervalMs: 10,
    ...(changesPerTransaction !== undefined ? { changesPerTransaction } : {}),
    onProgress: (event) => {
      if (event.step.kind !== 'backfill') return;
      if (event.phase === 'start') {
        if (profile) startProfile(profile);
        started = performance.now();
        cpuStart = process.cpuUsage();
      }
      if (event.phase === 'done') {
        seconds = (performance.now() - started) / 1000;
        const cpu = process.cpuUsage(cpuStart);
        cpuSeconds = (cpu.user + cpu.system) / 1e6;
        if (profile) stopProfile();
      }
    },
  });
  const written = result.steps.find((step) => step.kind === 'backfill')?.written ?? 0;
  if (written !== items) throw new Error(`backfill wrote ${written} of ${items} items`);
  return { items, seconds, itemsPerSecond: items / seconds, cpuSeconds, written };
}

/** A CPU profile of the backfill step alone, written to `BACKFILL_PROFILE` (for `--cpu-prof`-like analysis). */
let profiling: { session: Session; file: string } | undefined;
function startProfile(file: string): void {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  profiling = { session, file };
}
function stopProfile(): void {
  const current = profiling;
  if (!current) return;
  current.session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(current.file, JSON.stringify(result.profile));
    current.session.disconnect();
  });
}

/** The backfill on a fresh in-memory engine, through the in-process client. */
export async function backfillInProcess(items: number, changesPerTransaction?: number): Promise<BackfillRun> {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  const client = createLocalClient({ engine });
  try {
    return await timeBackfill(client, 'backfill', items, changesPerTransaction);
  } finally {
    client.destroy();
    engine.close();
  }
}

/** The backfill through `monotable serve --in-memory` in its own process (HTTP on loopback). */
export async function backfillOverServe(items: number): Promise<BackfillRun> {
  const server = await startMonotablePeer();
  const client = httpClient(server.endpoint);
  try {
    return await timeBackfill(client, 'backfill', items);
  } finally {
    client.destroy();
    await server.stop();
  }
}

/** (i) The backfill rate of `migrate apply`, in process and on `serve`, against its target. */
export async function runMigrationBackfill(options: BenchOptions, rows: ResultRow[], notes: string[]): Promise<void> {
  const items = options.quick ? 5_000 : 20_000;
  const served = options.quick ? 2_000 : 10_000;
  // A throwaway run first, so the measured ones find the code compiled.
  await backfillInProcess(2_000);
  const batched = await backfillInProcess(items);
  const single = await backfillInProcess(items, 1);
  const overServe = await backfillOverServe(served);
  const rate = (run: BackfillRun) => `${Math.round(run.itemsPerSecond).toLocaleString('en-US')} items/s`;
  const cpu = (run: BackfillRun) => `${Math.round((run.cpuSeconds / run.items) * 1e6)} µs CPU/item`;
  rows.push(
    {
      section: SECTION,
      operation: `backfill of ${items.toLocaleString('en-US')} 1 KB jobs (2 index keys each), in process, 100 per transaction (${cpu(batched)})`,
      ours: rate(batched),
      reference: '20,000 items/s',
      ratio: batched.itemsPerSecond / 20_000,
      target: '≥ 20,000 items/s',
      met: batched.itemsPerSecond >= 20_000,
    },
    {
      section: SECTION,
      operation: `the same, single conditional writes (changesPerTransaction: 1) (${cpu(single)})`,
      ours: rate(single),
      reference: '–',
      ratio: undefined,
      target: 'shown',
      met: undefined,
    },
    {
      section: SECTION,
      operation: `backfill of ${served.toLocaleString('en-US')} 1 KB jobs over monotable serve (own process), 100 per transaction`,
      ours: rate(overServe),
      reference: '–',
      ratio: undefined,
      target: 'shown',
      met: undefined,
    },
  );
  notes.push(
    `Migration backfill (i): research-jobs v1 → v2 (the test's migration: gsi2 created, then every job gets its gsi2 keys and ` +
      `gsi1's new sparse \`when\` applied, 3 of 5 jobs leaving gsi1); jobs padded to ≈ 1 KB stored; rate = jobs ÷ wall time of ` +
      `the backfill step alone (index creation excluded), fresh in-memory engine per run; "µs CPU/item" is this process's CPU ` +
      `(user + system) over the step ÷ jobs, the rate the step would reach with a core of its own.`,
  );
}

// `node --import tsx bench/sections/migration-backfill.ts [items] [in-process|serve|single]`: one run, printed.
if (process.argv[1]?.endsWith('migration-backfill.ts')) {
  const items = Number(process.argv[2] ?? 20000);
  const where = process.argv[3] ?? 'in-process';
  const run =
    where === 'serve'
      ? await backfillOverServe(items)
      : await backfillInProcess(items, where === 'single' ? 1 : undefined);
  console.log(where, JSON.stringify(run));
}
