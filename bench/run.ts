import { parseOptions } from './options.js';
import { machineDescription, printTable, resultsMarkdown, writeResults, type ResultRow } from './report.js';
import { ISOLATION_METHOD, runIsolation } from './sections/isolation.js';
import { runEngineVsSqlite } from './sections/engine-vs-sqlite.js';
import { runPartiql } from './sections/partiql.js';
import { runQueryScale } from './sections/query-scale.js';
import { runSdkAndServers } from './sections/sdk-and-servers.js';
import { runStartup, STARTUP_METHOD } from './sections/startup.js';
import { MIGRATION_BACKFILL_METHOD, runMigrationBackfill } from './sections/migration-backfill.js';
import { runStreams } from './sections/streams.js';
import { runConsistency } from './sections/consistency.js';

/**
 * `npm run bench -- [--quick] [--only get,put] [--sections sdk,servers,engine,scale,partiql,streams,consistency,isolation,startup,migrate]`:
 * measures monotable against its peers (AWS DynamoDB Local, dynalite, raw SQLite, a bare
 * HTTP server), prints a table with ratios and targets, and writes bench/RESULTS.md.
 */
const METHOD = `
- **(a)** the same DocumentClient code, one call at a time, timed in the client: in-process
  (\`createLocalClient\`, fast path, in-memory engine) against AWS DynamoDB Local 1.25.1
  (\`-inMemory\`) over HTTP with keep-alive. Wall time per call after a warm-up that gives
  each side at least 3 s of its own (alternating 250 ms slices), so both JITs settle (the
  in-process client spends it on a throwaway engine, so its many writes do not grow the
  engine it is measured on), then the same number of calls on each measured target, so
  both hold the same data; the two are then measured alternately in 9 rounds and each
  figure is the median of its round means, so load from elsewhere on the machine hits
  both alike. Each timed round starts after 50 ms of the side's own untimed calls on its
  measured target (writes on keys of their own; the in-process client makes more of them,
  so its engine grows more, which only counts against it), so a round measures the side's
  calls rather than its recovery from the other side's round (cold caches, collecting the
  other client's garbage).
- **(b)** server CPU time per call (user + system of the server process, all threads, from
  /proc/<pid>/stat, 10 ms ticks, divided by the calls) for \`monotable serve --in-memory\`,
  DynamoDB Local, dynalite 4.0.0 (in memory) and a bare Node HTTP server answering \`{}\`
  (the floor: Node's http module parsing and writing only). Same client, same calls as (a).
  Calls continue until the server has used at least 200 ticks (2 s of CPU), so a tick's
  granularity moves a figure by about 1 %; the notes give calls and ticks per peer.
- **(c)** \`engine.handle(operation, wireJson)\` against better-sqlite3 running the statements
  the same file layout needs (table of pk, sk, item JSON; one index table for the GSI), with
  JSON parse/stringify on both sides and no validation. The wire JSON is what the SDK sends
  for the calls of (a), including the idempotency token it adds to every TransactWriteItems.
  Both on files, WAL, same synchronous; measured alternately in rounds like (a). (a) runs an
  in-memory engine, so its figures are not (c)'s plus the SDK: see the notes.
- **(d)** Query of one random partition of 11 items, engine alone and through the
  in-process SDK client, as the table grows; loading method in the notes.
- **(e)** PartiQL against the item operation it compiles to, in-process through the low-level
  SDK client: a SELECT by the full key vs GetItem, a single-item UPDATE vs UpdateItem;
  alternating rounds, medians of round means (1000 items of ≈ 250 bytes).
- **(f)** PutItem and UpdateItem through the in-process client (fast path, in-memory engine)
  on the seeded table with a NEW_AND_OLD_IMAGES stream against the same table without one,
  alternately as in (a); GetRecords of 1,000 records through \`engine.handle\`.
- **(j)** eventually consistent reads with \`cloud.consistency\` lags on: a Query of 11 items
  (3 of them changed within the lag) and a GetItem of a changed item, eventually consistent
  against the same request with \`ConsistentRead\` on the same engine, alternately as in (a).
- Every table has 200 partitions × 11 items (≈ 300 bytes each) and a GSI over 4 partitions.
  Writes use fresh keys each call; the conditional update succeeds.`.trim();

/** The sections written to the main part of RESULTS.md; (g), (h) and (i) have parts of their own. */
const MAIN_SECTIONS = ['sdk', 'servers', 'engine', 'scale', 'partiql', 'streams', 'consistency'] as const;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const machine = machineDescription();
  console.log(
    `monotable benchmark${options.quick ? ' (quick)' : ''}: ${options.iterations} iterations per operation\n${machine}\n`,
  );
  const rows: ResultRow[] = [];
  const notes: string[] = [];
  const ranMain = MAIN_SECTIONS.some((section) => options.sections.has(section));
  if (options.sections.has('sdk') || options.sections.has('servers')) {
    console.log('SDK and servers (a, b):');
    await runSdkAndServers(options, rows, notes);
  }
  if (options.sections.has('engine')) {
    console.log('engine vs raw SQLite (c)…');
    runEngineVsSqlite(options, rows, notes);
  }
  if (options.sections.has('scale')) {
    console.log('Query scale (d)…');
    await runQueryScale(options, rows, notes);
  }
  if (options.sections.has('partiql')) {
    console.log('PartiQL vs item operations (e)…');
    await runPartiql(options, rows);
  }
  if (options.sections.has('streams')) {
    console.log('Streams (f)…');
    await runStreams(options, rows, notes);
  }
  if (options.sections.has('consistency')) {
    console.log('Eventually consistent reads (j)…');
    await runConsistency(options, rows, notes);
  }
  const isolationRows: ResultRow[] = [];
  const isolationNotes: string[] = [];
  if (options.sections.has('isolation')) {
    console.log('per-test isolation (g)…');
    await runIsolation(options, isolationRows, isolationNotes);
  }
  const startupRows: ResultRow[] = [];
  const startupNotes: string[] = [];
  if (options.sections.has('startup')) {
    console.log('server start (h)…');
    await runStartup(options, startupRows, startupNotes);
  }
  const migrateRows: ResultRow[] = [];
  const migrateNotes: string[] = [];
  if (options.sections.has('migrate')) {
    console.log('migration backfill (i)…');
    await runMigrationBackfill(options, migrateRows, migrateNotes);
  }
  console.log('');
  printTable([...rows, ...isolationRows, ...startupRows, ...migrateRows]);
  const allNotes = [...notes, ...isolationNotes, ...startupNotes, ...migrateNotes];
  if (allNotes.length > 0) console.log(`\n${allNotes.map((note) => `- ${note}`).join('\n')}`);
  if (options.resultsFile && !options.quick) {
    // Each part is rewritten only by a run that measured it; the other part stays as it was.
    writeResults(options.resultsFile, {
      main: ranMain ? resultsMarkdown('Benchmark results', machine, rows, METHOD, notes) : undefined,
      isolation: options.sections.has('isolation')
        ? resultsMarkdown('Per-test isolation (g)', machine, isolationRows, ISOLATION_METHOD, isolationNotes)
        : undefined,
      startup: options.sections.has('startup')
        ? resultsMarkdown('Server start (h)', machine, startupRows, STARTUP_METHOD, startupNotes)
        : undefined,
      migrate: options.sections.has('migrate')
        ? resultsMarkdown('Migration backfill (i)', machine, migrateRows, MIGRATION_BACKFILL_METHOD, migrateNotes)
        : undefined,
    });
    console.log(`\nwrote ${options.resultsFile}`);
  } else if (options.quick) {
    console.log('\n(quick run: RESULTS.md left as it is)');
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
