import { Engine } from '../../engine/engine.js';
import { createLocalClient } from '../../local/index.js';
import { checkDesign } from '../../model/design-check.js';
import { accessPatternRows } from '../../model/design-doc.js';
import { CapacityLedger } from '../../repository/capacity.js';
import { InvalidTransitionError } from '../../repository/errors.js';
import { runStreamHandler, type RunningStreamHandler } from '../../streams/run-stream-handler.js';
import { streamHandlerSettings } from '../../streams/stream-handler-settings.js';
import {
  createJobStatusCountersHandler,
  createTable,
  JobRepository,
  model,
  type JobStatus,
} from '../../../examples/research-jobs/index.js';

const DAY_MS = 86_400_000;

/**
 * The research-job demo on the embedded engine (in memory, no server): table from the model,
 * jobs and findings, running jobs page by page, a transition and a refused one, the per-status
 * counters a stream handler keeps, an expired debug payload reaped by TTL, and the
 * access-pattern table with the capacity each pattern consumed.
 *
 * @example
 * await runDemo((line) => console.log(line));
 */
export async function runDemo(print: (line: string) => void): Promise<void> {
  let nowMs = Date.parse('2026-03-02T09:00:00.000Z');
  const clock = () => nowMs;
  const engine = new Engine({ inMemory: true, now: clock, ttlReapIntervalMs: 0 });
  const client = createLocalClient({ engine });
  const capacity = new CapacityLedger();
  const tableName = model.table.name;
  let counters: RunningStreamHandler | undefined;
  try {
    const section = (title: string) => print(`\n── ${title}`);
    print('monotable demo: the research-job domain on the embedded SQLite engine (in memory, no server)');

    section('1. Table from the model');
    await createTable(client, tableName);
    const gsis = Object.entries(model.table.indexes).map(
      ([name, index]) => `${name} (${index.partitionKey}/${index.sortKey})`,
    );
    print(
      `created '${tableName}': ${model.table.partitionKey}/${model.table.sortKey}, GSI ${gsis.join(', ')}, TTL on ${model.table.timeToLiveAttribute}, stream ${model.table.stream?.viewType}`,
    );
    // The Lambda handler of the model's stream, run unchanged on the local stream with its declared settings.
    counters = runStreamHandler({
      client,
      handler: createJobStatusCountersHandler(client, tableName, { now: clock }),
      ...streamHandlerSettings(model, 'jobStatusCounters'),
    });
    print(
      'stream handler jobStatusCounters running: each job change moves the counter of its old status down and its new one up',
    );

    section('2. Jobs and findings');
    const jobs = new JobRepository(client, tableName, { now: clock, capacity });
    const running = counters;
    const printCounts = async (when: string) => {
      await running.drain();
      const counts = await jobs.statusCounts();
      const shown = (Object.entries(counts) as [JobStatus, number][])
        .filter(([, count]) => count > 0)
        .map(([status, count]) => `${status} ${count}`);
      print(`  counters ${when}: ${shown.join(', ') || 'none'}`);
    };
    const titles = [
      'Survey vector databases',
      'Compare embedding models',
      'Map DynamoDB pricing',
      'Review SQLite WAL',
      'Benchmark tokenizers',
      'Summarise TTL semantics',
      'Audit GSI projections',
    ];
    for (const [i, title] of titles.entries()) {
      await jobs.create({ id: `job-${i + 1}`, title, createdAt: new Date(nowMs + i * 60_000).toISOString() });
    }
    print(`created ${titles.length} jobs (status queued)`);
    await printCounts('after the creates');
    for (let i = 1; i <= 5; i++) await jobs.transitionStatus(`job-${i}`, 'queued', 'running');
    print('started job-1 … job-5 (queued → running)');
    await printCounts('after the starts');
    const findings = Array.from({ length: 30 }, (_, i) => ({
      id: `f-${String(i + 1).padStart(2, '0')}`,
      text: `observation ${i + 1}`,
    }));
    await jobs.addFindings('job-1', findings);
    await jobs.saveReport('job-1', { summary: 'Three candidates fit; pgvector wins on cost.' });
    const collection = await jobs.getWithFindings('job-1');
    print(
      `job-1 "${collection?.job.title}": ${collection?.findings.length} findings (batch write, 25 per call) + report, read back in one Query`,
    );
    const finding = await jobs.getFinding('job-1', 'f-07');
    print(`single finding job-1/f-07: "${finding?.text}"; job-7 by id: "${(await jobs.get('job-7'))?.title}"`);
    const caches = jobs.db.entity('fetchCache');
    await caches.put({
      url: 'https://example.org/pricing#on-demand',
      body: '<html>…</html>',
      contentType: 'text/html',
    });
    const cached = await caches.get({ url: 'https://example.org/pricing#on-demand' });
    print(
      `fetch cache (expires after 30 days): ${cached?.url} → ${cached?.body.length} chars; the '#' in the URL is escaped inside the key`,
    );

    section('3. Running jobs, newest first, two per page');
    let cursor: string | undefined;
    let page = 0;
    do {
      const result = await jobs.listByStatus('running', { limit: 2, ...(cursor ? { cursor } : {}) });
      page++;
      print(
        `page ${page}: ${result.items.map((job) => `${job.id} (${job.createdAt.slice(11, 16)})`).join(', ') || '(empty)'}${result.cursor ? `  → cursor ${result.cursor.slice(0, 18)}…` : '  (last page)'}`,
      );
      cursor = result.cursor;
    } while (cursor);

    section('4. State transitions, enforced by conditional writes');
    const done = await jobs.transitionStatus('job-2', 'running', 'succeeded');
    print(`job-2: running → succeeded (version ${done.version}); GSI1 key moved to STATUS#succeeded`);
    try {
      await jobs.transitionStatus('job-2', 'running', 'failed');
      print('unexpected: the stale transition was accepted');
    } catch (error) {
      if (!(error instanceof InvalidTransitionError)) throw error;
      print(`refused: ${error.message} [${error.code}]`);
    }
    try {
      await jobs.transitionStatus('job-6', 'queued', 'succeeded');
    } catch (error) {
      if (!(error instanceof InvalidTransitionError)) throw error;
      print(`refused before any request: ${error.message}`);
    }
    await printCounts('after the transitions (the refused ones moved nothing)');

    section("5. TTL: a failed job's debug payload expires after 7 days");
    await jobs.transitionStatus('job-5', 'running', 'failed');
    await printCounts('after job-5 failed');
    await jobs.saveDebugPayload('job-5', {
      id: 'trace-1',
      payload: 'TimeoutError: fetch https://example.org took 30 s',
    });
    print(`job-5 failed; debug payloads stored: ${(await jobs.getDebugPayloads('job-5')).length}`);
    nowMs += 8 * DAY_MS;
    const reaped = engine.reapExpiredItems();
    print(
      `8 days later the engine reaps ${reaped} expired items (the debug payload, and the receipts the counters handler keeps 2 days); debug payloads left: ${(await jobs.getDebugPayloads('job-5')).length}`,
    );
    await printCounts('after the reap (TTL deletions of receipts move no counter)');

    section('6. Access patterns and the capacity each consumed (ReturnConsumedCapacity)');
    const check = checkDesign(model);
    print(
      check.ok
        ? 'design check: every access pattern is served by a key condition (no Scan, no filter)'
        : `design check: ${check.problems.length} problem(s)`,
    );
    const totals = capacity.totals();
    const rows = accessPatternRows(model).map((row) => {
      const used = totals.get(row.name);
      return [
        String(row.number),
        row.description,
        row.keyDesign,
        String(used?.requests ?? 0),
        formatUnits(used?.capacityUnits ?? 0),
      ];
    });
    print(table(['#', 'Access pattern', 'Key design', 'Requests', 'Capacity units'], rows));
    const writes = [...totals.entries()].filter(([label]) => label.includes('.'));
    print(
      table(
        ['Write', 'Requests', 'Capacity units'],
        writes.map(([label, used]) => [label, String(used.requests), formatUnits(used.capacityUnits)]),
      ),
    );
  } finally {
    await counters?.stop();
    client.destroy();
    engine.close();
  }
}

function formatUnits(units: number): string {
  return Number.isInteger(units) ? String(units) : units.toFixed(1);
}

function table(header: string[], rows: string[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}
