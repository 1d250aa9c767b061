import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, inject } from 'vitest';

/**
 * One test suite, every engine (Kysely-style): `describeEachEngine('jobs', (engine) => { … })`
 * registers the suite once per available engine —
 *  - `in-process`: monotable's embedded engine through a real `DynamoDBClient` (no server), the
 *    fast client (`createLocalClient`'s default mode);
 *  - `in-process-full-stack`: the same engine through the SDK's whole stack (`mode: 'full-stack'`);
 *  - `serve`: the embedded engine over HTTP (what `monotable serve` runs: `startServer`, in
 *    memory), one server per test file, shared by the file's suites;
 *  - `dynamodb-local`: AWS DynamoDB Local 1.25.1, started once per run by the global setup;
 *  - `dynamodb-local-3`: AWS DynamoDB Local 3.3.1 (multi-attribute GSI keys, streams, PartiQL),
 *    only for suites that ask for it (`describeEachEngine(title, suite, { engines })`).
 * `MONOTABLE_TEST_ENGINES=in-process` (or `dynamodb-local`, …) restricts the run.
 */
export type TestEngineName = 'in-process' | 'in-process-full-stack' | 'serve' | 'dynamodb-local' | 'dynamodb-local-3';

export interface TestEngine {
  readonly name: TestEngineName;
  /** A fresh client on this engine. */
  client(): DynamoDBClient;
  /** The HTTP endpoint, for engines a child process can reach (all but `in-process`). */
  endpoint?(): string;
  /** Run before the suite's tests (`serve`: the file's server started, if it is not yet). */
  setUp?(): Promise<void>;
  /** Run after the suite's tests (`serve`: its client destroyed; the server stays for the file). */
  tearDown?(): Promise<void>;
}

/** The shape of `createLocalClient` from `src/local` (loaded lazily, so this file stays engine-agnostic). */
type CreateLocalClient = (options: { inMemory: true; mode?: 'fast' | 'full-stack' }) => DynamoDBClient;
/** The shape of `startServer` from `src/local`. */
type StartServer = (options: { port: 0; inMemory: true }) => Promise<{ endpoint: string; close(): Promise<void> }>;

const localModulePath = fileURLToPath(new URL('../../src/local/index.ts', import.meta.url));

async function loadLocalModule(): Promise<{ createLocalClient?: CreateLocalClient; startServer?: StartServer }> {
  if (!existsSync(localModulePath)) return {};
  try {
    return (await import(/* @vite-ignore */ localModulePath)) as {
      createLocalClient?: CreateLocalClient;
      startServer?: StartServer;
    };
  } catch {
    return {};
  }
}

const { createLocalClient, startServer } = await loadLocalModule();
const wanted = (
  process.env.MONOTABLE_TEST_ENGINES ?? 'in-process,in-process-full-stack,serve,dynamodb-local,dynamodb-local-3'
)
  .split(',')
  .map((name) => name.trim());

/** The engines a suite runs on unless it names its own. */
export const defaultTestEngines: readonly TestEngineName[] = [
  'in-process',
  'in-process-full-stack',
  'serve',
  'dynamodb-local',
];

function peerClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

/** The engines available in this run, among `names`. */
export function availableEngines(names: readonly TestEngineName[] = defaultTestEngines): TestEngine[] {
  const engines: TestEngine[] = [];
  const wants = (name: TestEngineName) => names.includes(name) && wanted.includes(name);
  if (createLocalClient && wants('in-process')) {
    // One engine per suite file keeps tables of different files apart; tables are per test anyway.
    let shared: DynamoDBClient | undefined;
    engines.push({ name: 'in-process', client: () => (shared ??= createLocalClient({ inMemory: true })) });
  }
  if (createLocalClient && wants('in-process-full-stack')) {
    let shared: DynamoDBClient | undefined;
    engines.push({
      name: 'in-process-full-stack',
      client: () => (shared ??= createLocalClient({ inMemory: true, mode: 'full-stack' })),
    });
  }
  if (startServer && wants('serve')) engines.push(serveEngine(startServer));
  const endpoint = inject('dynamoDbLocalEndpoint');
  if (endpoint && wants('dynamodb-local'))
    engines.push({ name: 'dynamodb-local', client: () => peerClient(endpoint), endpoint: () => endpoint });
  const endpoint3 = inject('dynamoDbLocal3Endpoint');
  if (endpoint3 && wants('dynamodb-local-3'))
    engines.push({ name: 'dynamodb-local-3', client: () => peerClient(endpoint3), endpoint: () => endpoint3 });
  return engines;
}

type RunningServer = Awaited<ReturnType<StartServer>>;

/**
 * The test file's one server (vitest loads this module once per test file): started by the
 * first `serve` suite, closed after the file's suites (`listenDuringFile`), so a file of many
 * suites pays one start.
 */
let fileServer: Promise<RunningServer> | undefined;
let fileServerStarted: RunningServer | undefined;

async function closeFileServer(): Promise<void> {
  const server = fileServer;
  fileServer = undefined;
  fileServerStarted = undefined;
  await (await server)?.close();
}

/**
 * Closes the file's server after the tests of the block this is called in: at a file's top
 * level, after the whole file. `describeEachEngine` calls it for every suite that runs on `serve`.
 */
function listenDuringFile(): void {
  afterAll(() => closeFileServer());
}

/** `serve`: the file's server (setUp starts it when no suite did yet) and a client over HTTP. */
function serveEngine(start: StartServer): TestEngine {
  let shared: DynamoDBClient | undefined;
  const endpoint = (): string => {
    if (!fileServerStarted) throw new Error('the serve engine is used before its suite started it');
    return fileServerStarted.endpoint;
  };
  return {
    name: 'serve',
    endpoint,
    client: () => (shared ??= peerClient(endpoint())),
    setUp: async () => {
      fileServer ??= start({ port: 0, inMemory: true });
      fileServerStarted = await fileServer;
    },
    tearDown: async () => {
      shared?.destroy();
      shared = undefined;
    },
  };
}

/**
 * Registers `suite` once per engine, titled `<title> [<engine>]`; `options.engines` picks
 * the engines (default: the fast and the full-stack in-process clients, `serve` and DynamoDB
 * Local 1.25.1).
 */
export function describeEachEngine(
  title: string,
  suite: (engine: TestEngine) => void,
  options: { readonly engines?: readonly TestEngineName[] } = {},
): void {
  const engines = availableEngines(options.engines);
  if (engines.length === 0) {
    describe.skip(`${title} (skipped: no engine of MONOTABLE_TEST_ENGINES in this run)`, () => undefined);
    return;
  }
  if (engines.some((engine) => engine.name === 'serve')) listenDuringFile();
  for (const engine of engines) {
    describe(`${title} [${engine.name}]`, () => {
      if (engine.setUp) beforeAll(() => engine.setUp?.(), 30_000);
      if (engine.tearDown) afterAll(() => engine.tearDown?.());
      suite(engine);
    });
  }
}

/** A table name no other test uses. */
export function uniqueTableName(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}
