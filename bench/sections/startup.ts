import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliEntry } from '../../bin/cli-entry.js';
import { dynamoDbLocalDirectory, dynamoDbLocalIsInstalled, freePort } from '../../test/support/dynamodb-local.js';
import type { BenchOptions } from '../options.js';
import { formatRatio, type ResultRow } from '../report.js';
import { canCountInstructions, countStartInstructions } from '../start-instructions.js';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** How (h) is measured, for RESULTS.md. */
export const STARTUP_METHOD = `
- **(h)** a server's start, as a test run or a developer pays it: the time from spawning the
  process to the first answered request (a signed-looking \`ListTables\` over HTTP, retried
  every 5 ms while the port refuses connections; every server answers it \`200\`), then the
  server's resident memory (VmRSS of the process from /proc) after 2 s idle, for
  \`monotable serve --in-memory\` (\`bin/monotable.js\`, running the build in dist/, built
  first if missing or older than the sources, with its code cache in a folder of the run's
  own; the same with no code cache, as the first start after an install or a build),
  dynalite 4.0.0 (\`--createTableMs 0\`, in
  memory), AWS DynamoDB Local 1.25.1 (\`java -jar … -inMemory\`) and, for the gain of the
  build, \`monotable serve\` as it ran before it: the TypeScript sources compiled by tsx at
  start (\`node --import tsx\`, importing src/cli/main.ts). They start in turn, one at a
  time, in 15 rounds (3 with --quick), each round starting with the next command of the
  list (so none always follows the same one), after one round that is not counted (it fills
  the page cache and writes the code cache); each figure is the median of its rounds. Then,
  where valgrind is installed, the CPU instructions from spawn to the first answer of
  \`monotable serve\` (its code cache as in the rounds) and of dynalite, counted by
  cachegrind (\`bench/start-instructions.ts\`), median of 3 starts each: a count barely moves
  with the machine's load, where the times above move by tens of milliseconds.`.trim();

/** The rows' section label. */
export const STARTUP_SECTION = '(h) server start';

/** Today's idle memory of `monotable serve` before it ran the build (issue figure: 117–127 MB). */
const RSS_TARGET_MB = 117;

interface StartCommand {
  readonly name: string;
  readonly command: string;
  readonly args: (port: number) => string[];
  readonly environment?: NodeJS.ProcessEnv;
}

interface Start {
  readonly firstAnswerMs: number;
  readonly idleRssMb: number;
}

const IDLE_MS = 2000;
const POLL_MS = 5;

/**
 * (h) Spawn → first answered request and idle memory of monotable serve, dynalite and
 * DynamoDB Local, side by side, and of the sources run through tsx as before the build: each
 * round starts them one after another.
 */
export async function runStartup(options: BenchOptions, rows: ResultRow[], notes: string[]): Promise<void> {
  ensureBuilt(notes);
  const codeCache = mkdtempSync(join(tmpdir(), 'monotable-bench-code-cache-'));
  const serve = (port: number) => [
    join(projectRoot, 'bin', 'monotable.js'),
    'serve',
    '--in-memory',
    '--port',
    String(port),
  ];
  const commands: StartCommand[] = [
    {
      name: 'monotable serve',
      command: process.execPath,
      args: serve,
      environment: { MONOTABLE_COMPILE_CACHE: codeCache },
    },
    {
      name: 'dynalite',
      command: process.execPath,
      args: (port) => [
        join(projectRoot, 'node_modules', 'dynalite', 'cli.js'),
        '--createTableMs',
        '0',
        '--port',
        String(port),
      ],
    },
    {
      // What bin/monotable.js ran before the build did: the TypeScript sources compiled by tsx at start.
      name: 'monotable serve from the sources (tsx)',
      command: process.execPath,
      args: (port) => [
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        "const { main } = await import('./src/cli/main.ts'); await main(['node', 'monotable', ...process.argv.slice(1)]);",
        'serve',
        '--in-memory',
        '--port',
        String(port),
      ],
    },
    {
      name: 'monotable serve with no code cache',
      command: process.execPath,
      args: serve,
      environment: { MONOTABLE_COMPILE_CACHE: 'off' },
    },
  ];
  if (dynamoDbLocalIsInstalled()) {
    commands.push({
      name: 'DynamoDB Local',
      command: 'java',
      args: (port) => [
        `-Djava.library.path=${join(dynamoDbLocalDirectory, 'DynamoDBLocal_lib')}`,
        '-jar',
        join(dynamoDbLocalDirectory, 'DynamoDBLocal.jar'),
        '-inMemory',
        '-port',
        String(port),
      ],
    });
  } else {
    notes.push('DynamoDB Local is not installed (scripts/fetch-dynamodb-local.sh): its start is n/a.');
  }
  const rounds = options.quick ? 3 : 15;
  const starts = commands.map((): Start[] => []);
  let instructions: InstructionCounts | undefined;
  try {
    for (const command of commands) await measureStart(command);
    for (let round = 0; round < rounds; round++) {
      for (let turn = 0; turn < commands.length; turn++) {
        const index = (round + turn) % commands.length;
        starts[index].push(await measureStart(commands[index]));
      }
    }
    if (canCountInstructions()) instructions = await countInstructions(commands[0], commands[1]);
    else notes.push("(h) valgrind is not installed: the starts' instructions were not counted.");
  } finally {
    rmSync(codeCache, { recursive: true, force: true });
  }
  const medians = starts.map((list) => ({
    firstAnswerMs: median(list.map((start) => start.firstAnswerMs)),
    idleRssMb: median(list.map((start) => start.idleRssMb)),
  }));
  const [ours, dynalite, fromSources, withoutCodeCache, dynamoDbLocal] = medians;
  const compare = (reference: (typeof medians)[number] | undefined, name: string, judged: boolean) => {
    const ratio = reference ? reference.firstAnswerMs / ours.firstAnswerMs : undefined;
    rows.push({
      section: STARTUP_SECTION,
      operation: `spawn → first answer vs ${name}`,
      ours: formatMs(ours.firstAnswerMs),
      reference: reference ? formatMs(reference.firstAnswerMs) : 'n/a',
      ratio,
      target: judged ? '≥ 1× (no slower)' : '–',
      met: judged && ratio !== undefined ? ratio >= 1 : undefined,
    });
  };
  compare(dynalite, 'dynalite', true);
  if (instructions) rows.push(instructionsRow(instructions));
  compare(dynamoDbLocal, 'DynamoDB Local', false);
  compare(fromSources, 'the sources through tsx', false);
  rows.push({
    section: STARTUP_SECTION,
    operation: 'spawn → first answer with no code cache vs dynalite',
    ours: formatMs(withoutCodeCache.firstAnswerMs),
    reference: formatMs(dynalite.firstAnswerMs),
    ratio: dynalite.firstAnswerMs / withoutCodeCache.firstAnswerMs,
    target: '–',
    met: undefined,
  });
  rows.push({
    section: STARTUP_SECTION,
    operation: 'idle RSS vs dynalite',
    ours: formatMb(ours.idleRssMb),
    reference: formatMb(dynalite.idleRssMb),
    ratio: dynalite.idleRssMb / ours.idleRssMb,
    target: `< ${RSS_TARGET_MB} MB`,
    met: ours.idleRssMb < RSS_TARGET_MB,
  });
  rows.push({
    section: STARTUP_SECTION,
    operation: 'idle RSS vs the sources through tsx',
    ours: formatMb(ours.idleRssMb),
    reference: formatMb(fromSources.idleRssMb),
    ratio: fromSources.idleRssMb / ours.idleRssMb,
    target: '–',
    met: undefined,
  });
  if (dynamoDbLocal) {
    rows.push({
      section: STARTUP_SECTION,
      operation: 'idle RSS vs DynamoDB Local',
      ours: formatMb(ours.idleRssMb),
      reference: formatMb(dynamoDbLocal.idleRssMb),
      ratio: dynamoDbLocal.idleRssMb / ours.idleRssMb,
      target: '–',
      met: undefined,
    });
  }
  notes.push(
    `(h) every round, spawn → first answer / idle RSS: ${commands
      .map(
        (command, index) =>
          `${command.name} ${starts[index].map((start) => `${start.firstAnswerMs.toFixed(0)} ms / ${start.idleRssMb.toFixed(0)} MB`).join(', ')}`,
      )
      .join('; ')}.`,
  );
  console.log(`  ${formatRatio(dynalite.firstAnswerMs / ours.firstAnswerMs)} dynalite's start time`);
}

interface InstructionCounts {
  readonly ours: number;
  readonly dynalite: number;
}

/** Instructions of a start of `monotable serve` and of dynalite, the median of 3 each. */
async function countInstructions(ours: StartCommand, dynalite: StartCommand): Promise<InstructionCounts> {
  console.log('  counting instructions (cachegrind)…');
  const medianOfThree = async (command: StartCommand) => {
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) runs.push(countStartInstructions(command, await freePort(), projectRoot));
    return median(runs);
  };
  return { ours: await medianOfThree(ours), dynalite: await medianOfThree(dynalite) };
}

function instructionsRow({ ours, dynalite }: InstructionCounts): ResultRow {
  return {
    section: STARTUP_SECTION,
    operation: 'CPU instructions, spawn → first answer vs dynalite',
    ours: `${(ours / 1e6).toFixed(0)} M`,
    reference: `${(dynalite / 1e6).toFixed(0)} M`,
    ratio: dynalite / ours,
    target: '–',
    met: undefined,
  };
}

/** Builds dist/ when `bin/monotable.js` would otherwise run the sources through tsx. */
function ensureBuilt(notes: string[]): void {
  const entry = cliEntry(projectRoot);
  if (entry.kind === 'built') return;
  console.log(`  building dist/ first (${entry.why})…`);
  // What `npm run build` runs: tsc into dist/, then the command line bundled into dist/cli/.
  execFileSync(
    process.execPath,
    [join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(projectRoot, 'tsconfig.build.json')],
    { stdio: 'inherit' },
  );
  execFileSync(process.execPath, [join(projectRoot, 'scripts', 'bundle-cli.mjs')], { stdio: 'inherit' });
  const after = cliEntry(projectRoot);
  if (after.kind !== 'built') throw new Error(`bin/monotable.js still runs the sources after the build (${after.why})`);
  notes.push(`(h) dist/ was built before the measurement (${entry.why}).`);
}

async function measureStart(command: StartCommand): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command.command, command.args(port), {
    cwd: projectRoot,
    stdio: 'ignore',
    env: { ...process.env, ...command.environment },
  });
  try {
    await firstAnswer(child, port, command.name);
    const firstAnswerMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { firstAnswerMs, idleRssMb: residentMb(child.pid ?? 0) };
  } finally {
    await stop(child);
  }
}

/** Sends ListTables until one is answered (any status); the port refuses connections until the server listens. */
async function firstAnswer(child: ChildProcess, port: number, name: string): Promise<void> {
  const deadline = performance.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const status = await listTables(port);
    if (status !== undefined) {
      if (status !== 200) throw new Error(`${name} answered ListTables with ${status}`);
      return;
    }
    if (performance.now() > deadline) throw new Error(`${name} did not answer within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The status of one ListTables, or undefined when nothing answered. */
function listTables(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/',
        agent: false,
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.ListTables',
          'x-amz-date': '20260101T000000Z',
          authorization:
            'AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    call.on('error', () => resolve(undefined));
    call.end('{}');
  });
}

/** VmRSS of a process, in MB (2^20 bytes). */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kilobytes / 1024;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${ms.toLocaleString('en-US', { maximumFractionDigits: 0 })} ms` : `${ms.toFixed(0)} ms`;
}

function formatMb(mb: number): string {
  return `${mb.toFixed(1)} MB`;
}
