/**
 * How many files of `src/` one warm call runs through, measured with V8's precise coverage in
 * this process, for the two paths a newcomer follows first:
 *   (a) an in-process PutItem with a ConditionExpression, sent by the DocumentClient on
 *       `createLocalClient({ inMemory: true })`;
 *   (b) a Query sent by a `DynamoDBClient` to `monotable serve` (`startServer`, the module the
 *       command runs, on a SQLite file as the command's default, started here so that the
 *       server side is measured too).
 * A file counts when at least one of its functions ran during the measured call.
 *
 * Usage: node --import tsx scripts/path-length.ts [--json] [--functions] [--budget-a N] [--budget-b N]
 *   --json        one JSON object on stdout instead of the lists
 *   --functions   under each file, the functions that ran and how often
 *   --budget-a/-b the most files each path may run through (defaults below); over it: exit 1
 * Exit codes: 0 within the budgets, 1 over a budget, 2 when the measurement itself is not sound
 * (the same call ran through different files in consecutive windows, or code of `src/` ran in
 * a window without a call).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { Profiler } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CreateTableCommand, DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';

/** Today's measured counts: CI fails when a path grows; lower them as the path shrinks. */
const DEFAULT_BUDGET_A = 50;
const DEFAULT_BUDGET_B = 32; // the read pipeline (src/engine/reads/) in four steps, paged reads in one storage file; the server side in five files
/** Calls made before measuring, so lazy loading, the SDK's and the engine's caches are done. */
const WARM_UP_CALLS = 50;
/** Consecutive warm calls measured one by one; they must all run through the same files. */
const MEASURED_CALLS = 3;
/** How long the window without a call lasts (see `assertQuietWindow`). */
const QUIET_WINDOW_MS = 20;

const flags = parseFlags();
const budgetA = wholeNumber('--budget-a', flags['budget-a']);
const budgetB = wholeNumber('--budget-b', flags['budget-b']);

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const sourcePrefix = `${pathToFileURL(join(root, 'src')).href}/`;

/** A function of `src/` that ran in a window: its file, its name and how many calls. */
interface FunctionRun {
  readonly file: string;
  readonly name: string;
  readonly count: number;
}

interface PathMeasurement {
  readonly path: 'a' | 'b';
  readonly call: string;
  readonly budget: number;
  readonly files: readonly string[];
  readonly functions: readonly FunctionRun[];
}

class UnsoundMeasurement extends Error {}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
// Started before any module of `src/` is imported, so every function of `src/` is compiled with
// block counters. With `callCount: true`, each takePreciseCoverage resets the counters, the
// functions' and the blocks': checked by experiment (a function called 100 times, a branch of it
// taken 99 times, then the function called once down the other branch, reports 100 and 99, then 1
// and 0; called no more, 0) and on every run here by `assertQuietWindow`, a window without a call
// in which nothing of `src/` may show a count. (A module's top-level function still running, as
// this script's is, keeps reporting 1; those of `src/` finished at import and report 0.)
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });

const { createLocalClient, localClientMode } = await import('../src/local/client/create-local-client.js');
const { startServer } = await import('../src/local/server/start-server.js');

// The TTL reaper is switched off on both engines: it is background work on a 5-second timer,
// not part of any call, and a tick landing inside the window would add the reaper's files.
const ENGINE_OPTIONS = { ttlReapIntervalMs: 0 };
const KEY_SCHEMA = {
  TableName: 'app',
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' as const },
    { AttributeName: 'sk', KeyType: 'RANGE' as const },
  ],
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' as const },
    { AttributeName: 'sk', AttributeType: 'S' as const },
  ],
  BillingMode: 'PAY_PER_REQUEST' as const,
};

let exitCode = 0;
try {
  const measurements = [await measureInProcessPut(), await measureServedQuery()];
  const overBudget = measurements.filter((measurement) => measurement.files.length > measurement.budget);
  if (flags.json) {
    console.log(JSON.stringify({ warmUpCalls: WARM_UP_CALLS, measuredCalls: MEASURED_CALLS, paths: measurements }));
  } else {
    for (const measurement of measurements) printMeasurement(measurement);
  }
  for (const measurement of overBudget) {
    console.error(
      `path (${measurement.path}) runs through ${measurement.files.length} files of src/, over its budget of ` +
        `${measurement.budget}: ${measurement.files.join(', ')}`,
    );
  }
  if (overBudget.length > 0) exitCode = 1;
} catch (error) {
  if (!(error instanceof UnsoundMeasurement)) throw error;
  console.error(`path length: ${error.message}`);
  exitCode = 2;
} finally {
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
}
process.exitCode = exitCode;

/** (a): PutItem with `attribute_not_exists(pk)` on a fresh key, through the DocumentClient, in process. */
async function measureInProcessPut(): Promise<PathMeasurement> {
  const client = createLocalClient({ inMemory: true, engineOptions: ENGINE_OPTIONS });
  try {
    await client.send(new CreateTableCommand(KEY_SCHEMA));
    const documents = DynamoDBDocumentClient.from(client);
    const run = await measureWarmCall((round) =>
      documents.send(
        new PutCommand({
          TableName: 'app',
          Item: { pk: `USER#${round}`, sk: 'PROFILE', name: `User ${round}`, visits: round },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    return {
      path: 'a',
      call: `PutItem with a ConditionExpression, DocumentClient on createLocalClient({ inMemory: true }) (${localClientMode(client)} path)`,
      budget: budgetA,
      ...run,
    };
  } finally {
    client.destroy();
  }
}

/** (b): Query of one partition (three items) by a `DynamoDBClient` over HTTP, server in this process. */
async function measureServedQuery(): Promise<PathMeasurement> {
  // A SQLite file, as `monotable serve` opens by default, in a directory of its own.
  const directory = mkdtempSync(join(tmpdir(), 'monotable-path-length-'));
  const server = await startServer({
    port: 0,
    path: join(directory, 'monotable.sqlite'),
    engineOptions: ENGINE_OPTIONS,
  });
  const client = new DynamoDBClient({
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(new CreateTableCommand(KEY_SCHEMA));
    const documents = DynamoDBDocumentClient.from(client);
    for (let round = 0; round < WARM_UP_CALLS + MEASURED_CALLS; round++) {
      for (const sk of ['ORDER#1', 'ORDER#2', 'PROFILE']) {
        await documents.send(new PutCommand({ TableName: 'app', Item: { pk: `USER#${round}`, sk, round } }));
      }
    }
    const run = await measureWarmCall((round) =>
      client.send(
        new QueryCommand({
          TableName: 'app',
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: `USER#${round}` } },
        }),
      ),
    );
    return {
      path: 'b',
      call: 'Query of one partition, DynamoDBClient over HTTP to startServer (monotable serve) on a SQLite file',
      budget: budgetB,
      ...run,
    };
  } finally {
    client.destroy();
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * Warms the call up, then measures it alone MEASURED_CALLS times, one window per call: the
 * counters are reset (a take, discarded) right before the call and read right after it.
 * Every window must name the same files, and a window without a call must name none.
 */
async function measureWarmCall(
  call: (round: number) => Promise<unknown>,
): Promise<{ files: string[]; functions: FunctionRun[] }> {
  let round = 0;
  for (; round < WARM_UP_CALLS; round++) await call(round);
  const windows: FunctionRun[][] = [];
  for (let measured = 0; measured < MEASURED_CALLS; measured++, round++) {
    await session.post('Profiler.takePreciseCoverage');
    await call(round);
    windows.push(sourceFunctionsThatRan(await session.post('Profiler.takePreciseCoverage')));
    await assertQuietWindow();
  }
  const fileLists = windows.map(filesOf);
  const first = fileLists[0] as string[];
  for (const [index, files] of fileLists.entries()) {
    if (files.join('\n') !== first.join('\n')) {
      const differing = symmetricDifference(first, files);
      throw new UnsoundMeasurement(
        `consecutive warm calls ran through different files (call 1 and call ${index + 1} differ in ${differing.join(', ')})`,
      );
    }
  }
  return { files: first, functions: windows[0] as FunctionRun[] };
}

/**
 * Nothing of `src/` runs in a window without a call: the counters were reset, and no background
 * work (a timer, a deferred flush) runs beside the calls. The window lasts a few turns of the
 * event loop, longer than a call here takes, so that such work has the time to show.
 */
async function assertQuietWindow(): Promise<void> {
  await session.post('Profiler.takePreciseCoverage');
  await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
  const ran = sourceFunctionsThatRan(await session.post('Profiler.takePreciseCoverage'));
  if (ran.length > 0) {
    throw new UnsoundMeasurement(
      `code of src/ ran in a window without a call: ${ran.map((run) => `${run.file} ${run.name}`).join(', ')}`,
    );
  }
}

function sourceFunctionsThatRan(coverage: Profiler.TakePreciseCoverageReturnType): FunctionRun[] {
  const runs: FunctionRun[] = [];
  for (const script of coverage.result) {
    if (!script.url.startsWith(sourcePrefix) || /\.test\.ts$/.test(script.url)) continue;
    const file = relative(root, fileURLToPath(script.url)).split('\\').join('/');
    for (const fn of script.functions) {
      // The transpiler's helper that names functions, not code of the project's.
      if (fn.functionName === '__name') continue;
      // The first range of a function spans all of it: its count is the function's call count.
      const count = fn.ranges[0]?.count ?? 0;
      if (count > 0) runs.push({ file, name: fn.functionName || '(anonymous)', count });
    }
  }
  return runs;
}

function filesOf(runs: readonly FunctionRun[]): string[] {
  return [...new Set(runs.map((run) => run.file))].sort();
}

function symmetricDifference(left: readonly string[], right: readonly string[]): string[] {
  return [...left.filter((file) => !right.includes(file)), ...right.filter((file) => !left.includes(file))];
}

function printMeasurement(measurement: PathMeasurement): void {
  console.log(`(${measurement.path}) ${measurement.call}`);
  console.log(
    `    one warm call runs through ${measurement.files.length} files of src/ (budget ${measurement.budget})`,
  );
  for (const file of measurement.files) {
    console.log(`    ${file}`);
    if (!flags.functions) continue;
    for (const run of measurement.functions.filter((candidate) => candidate.file === file)) {
      console.log(`        ${run.name} ×${run.count}`);
    }
  }
  console.log('');
}

function parseFlags() {
  try {
    return parseArgs({
      options: {
        json: { type: 'boolean', default: false },
        functions: { type: 'boolean', default: false },
        'budget-a': { type: 'string', default: String(DEFAULT_BUDGET_A) },
        'budget-b': { type: 'string', default: String(DEFAULT_BUDGET_B) },
      },
    }).values;
  } catch (error) {
    console.error(
      `${(error as Error).message}\nusage: node --import tsx scripts/path-length.ts [--json] [--functions] [--budget-a N] [--budget-b N]`,
    );
    process.exit(2);
  }
}

function wholeNumber(flag: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    console.error(`${flag} must be a whole number (got ${value})`);
    process.exit(2);
  }
  return number;
}
