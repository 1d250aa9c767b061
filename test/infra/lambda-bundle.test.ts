/**
 * The stream Lambdas as they are deployed: bundled the way CDK's `NodejsFunction` bundles them
 * (`monotable infra cdk` generates one per stream handler) — CommonJS, its default, and ES module
 * — then loaded in a fresh Node process, as Lambda's runtime loads them, and invoked with a
 * Lambda-shaped DynamoDB Streams event against a `monotable serve` started here. A module that
 * reads `import.meta` at load, or anything else a bundle breaks, fails here and not on AWS.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { type AttributeValue, CreateTableCommand, DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { build, type Message, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTable, JobRepository } from '../../examples/research-jobs/index.js';
import type { DynamoDBStreamEvent, DynamoDBStreamRecord } from '../../src/streams/index.js';
import { projectRoot, startCliServer, type ServingCli } from '../local/support/run-cli.js';

const run = promisify(execFile);
const fixtures = join(projectRoot, 'test', 'infra', 'fixtures');
const invoker = join(fixtures, 'invoke-handler.mjs');
const region = 'us-east-1';

type Format = 'cjs' | 'esm';
const formats: readonly Format[] = ['cjs', 'esm'];

/**
 * The example Lambdas: files under examples/ named `*-lambda.ts` or exporting a `handler`
 * (tests and declaration files aside), as paths from the project root.
 */
function exampleLambdas(): string[] {
  const exportsHandler = /export\s+(?:const|let|var|function|async\s+function)\s+handler\b|export\s*\{[^}]*\bhandler\b/;
  return readdirSync(join(projectRoot, 'examples'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .filter((entry) => !/\.(test|test-d|test-support|d)\.ts$/.test(entry.name))
    .map((entry) => relative(projectRoot, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((file) => file.endsWith('-lambda.ts') || exportsHandler.test(readFileSync(join(projectRoot, file), 'utf8')))
    .sort();
}

/**
 * `monotable`, `monotable/model`, … resolved as package.json `exports` says, to the sources behind
 * them (`./dist/src/model/index.js` → `src/model/index.ts`), so the test needs no build. (As
 * test/docs/typescript-blocks.ts maps them; not imported from there, which loads the compiler.)
 */
function monotableFromSources(): Plugin {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    exports: Record<string, { default: string } | string>;
  };
  const entries = new Map<string, string>();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target === 'string') continue; // ./package.json
    const source = target.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts');
    entries.set(subpath === '.' ? 'monotable' : `monotable/${subpath.slice(2)}`, join(projectRoot, source));
  }
  return {
    name: 'monotable-from-sources',
    setup(builder) {
      builder.onResolve({ filter: /^monotable(\/|$)/ }, ({ path }) => {
        const source = entries.get(path);
        return source ? { path: source } : { errors: [{ text: `'${path}' is not exported by package.json` }] };
      });
    },
  };
}

/**
 * The banner ES module bundles commonly carry (AWS's Lambda docs and Powertools suggest it), so
 * that the CommonJS packages bundled in can `require`.
 */
const esmBanner = "import { createRequire } from 'module';const require = createRequire(import.meta.url);";

interface Bundle {
  /** The bundle: `index.js` (CommonJS) or `index.mjs`, alone in its folder as in a Lambda's task root. */
  readonly file: string;
  readonly warnings: readonly Message[];
}

/**
 * Bundles `entry` with NodejsFunction's esbuild settings: `bundle`, `platform: 'node'`, the
 * runtime's Node as target, the AWS SDK outside (Lambda's runtime has it). Beside the bundle, a
 * `node_modules` holds only what Lambda would have there: the SDK, and the packages named in
 * `nodeModules` (NodejsFunction's `bundling.nodeModules`, installed beside the bundle).
 */
async function bundleLambda(
  entry: string,
  format: Format,
  directory: string,
  nodeModules: readonly string[] = [],
): Promise<Bundle> {
  mkdirSync(join(directory, 'node_modules'), { recursive: true });
  for (const name of ['@aws-sdk', ...nodeModules])
    symlinkSync(join(projectRoot, 'node_modules', name), join(directory, 'node_modules', name), 'dir');
  const file = join(directory, format === 'cjs' ? 'index.js' : 'index.mjs');
  const result = await build({
    entryPoints: [join(projectRoot, entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format,
    external: ['@aws-sdk/*', ...nodeModules],
    ...(format === 'esm' ? { banner: { js: esmBanner } } : {}),
    plugins: [monotableFromSources()],
    logLevel: 'silent',
  });
  return { file, warnings: result.warnings };
}

/** esbuild's warnings that `import.meta` is empty in the bundle, as it prints them. */
function emptyImportMetaWarnings(warnings: readonly Message[]): string[] {
  return warnings
    .filter((warning) => warning.id === 'empty-import-meta')
    .map((warning) => `${warning.location?.file}:${warning.location?.line}: ${warning.location?.lineText.trim()}`);
}

type Item = Record<string, AttributeValue>;

let nextSequence = 1;

/**
 * A DynamoDB Streams record as Lambda hands it over: images in DynamoDB JSON, the keys taken
 * from the image; numbered so that each record has its own event ID and sequence number.
 */
function streamRecord(
  tableName: string,
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  images: { readonly oldImage?: Item; readonly newImage?: Item },
): DynamoDBStreamRecord {
  const image = images.newImage ?? images.oldImage!;
  const sequence = nextSequence++;
  const wire = (item: Item) => JSON.parse(JSON.stringify(item)) as Record<string, Record<string, unknown>>;
  return {
    eventID: `bundle-test-${sequence}`,
    eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    dynamodb: {
      ApproximateCreationDateTime: 1_733_400_000 + sequence,
      Keys: { pk: wire(image).pk, sk: wire(image).sk },
      ...(images.newImage ? { NewImage: wire(images.newImage) } : {}),
      ...(images.oldImage ? { OldImage: wire(images.oldImage) } : {}),
      SequenceNumber: String(100_000_000_000_000_000_000n + BigInt(sequence)),
      SizeBytes: JSON.stringify(images).length,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
    eventSourceARN: `arn:aws:dynamodb:${region}:000000000000:table/${tableName}/stream/2024-12-05T00:00:00.000`,
  };
}

/** What one Lambda is given and what it must have done. */
interface Scenario {
  /** Creates the table `tableName` (and whatever it starts with) and returns the events to send, in order. */
  prepare(tableName: string): Promise<DynamoDBStreamEvent[]>;
  /** Checks the handler's results and the table afterwards. */
  check(tableName: string, results: unknown[]): Promise<void>;
}

describe('stream Lambdas bundled as NodejsFunction bundles them, loaded and invoked in a fresh Node process', () => {
  let server: ServingCli;
  let client: DynamoDBClient;
  let workDirectory: string;

  beforeAll(async () => {
    server = await startCliServer(['--in-memory']);
    client = new DynamoDBClient({
      endpoint: server.endpoint,
      region,
      credentials: { accessKeyId: 'bundle-test', secretAccessKey: 'bundle-test' },
    });
    workDirectory = mkdtempSync(join(tmpdir(), 'monotable-lambda-bundle-'));
  });

  afterAll(async () => {
    client?.destroy();
    await server?.stop();
    if (workDirectory) rmSync(workDirectory, { recursive: true, force: true });
  });

  /** A Lambda's environment: its table, a region, credentials, and the DynamoDB endpoint (the server). */
  function lambdaEnvironment(tableName: string): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      AWS_REGION: region,
      AWS_ACCESS_KEY_ID: 'bundle-test',
      AWS_SECRET_ACCESS_KEY: 'bundle-test',
      AWS_ENDPOINT_URL_DYNAMODB: server.endpoint,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      TABLE_NAME: tableName,
    };
  }

  /** Loads the bundle in a new `node` (no loader, no NODE_PATH) and calls its handler with each event. */
  async function invoke(bundle: Bundle, tableName: string, events: DynamoDBStreamEvent[]): Promise<unknown[]> {
    const eventsFile = join(dirname(bundle.file), 'events.json');
    writeFileSync(eventsFile, JSON.stringify(events));
    try {
      const { stdout } = await run(process.execPath, [invoker, bundle.file, eventsFile], {
        cwd: dirname(bundle.file),
        env: lambdaEnvironment(tableName),
        timeout: 60_000,
      });
      return JSON.parse(stdout) as unknown[];
    } catch (error) {
      const { stderr } = error as { stderr?: string };
      throw new Error(`${basename(bundle.file)} failed in a fresh Node process:\n${stderr || String(error)}`);
    }
  }

  /** Bundles `entry`, checks esbuild's warnings, and plays the scenario against the bundle. */
  async function playScenario(
    entry: string,
    format: Format,
    scenario: Scenario,
    nodeModules: readonly string[] = [],
  ): Promise<void> {
    const name = `${basename(entry, '.ts')}-${format}`;
    const bundle = await bundleLambda(entry, format, join(workDirectory, name), nodeModules);
    // The server is this file's own, so the bundle's name is a table name of its own.
    const tableName = name;
    const events = await scenario.prepare(tableName);
    await scenario.check(tableName, await invoke(bundle, tableName, events));
    // What `cdk synth` would print: none of monotable's modules should leave an empty `import.meta` behind.
    expect(emptyImportMetaWarnings(bundle.warnings)).toEqual([]);
  }

  /** The raw item at a key, in DynamoDB JSON. */
  async function rawItem(tableName: string, pk: string, sk: string): Promise<Item | undefined> {
    const { Item } = await client.send(
      new GetItemCommand({ TableName: tableName, Key: { pk: { S: pk }, sk: { S: sk } }, ConsistentRead: true }),
    );
    return Item;
  }

  /**
   * research-jobs' counters: three jobs inserted, one moved from queued to running, one removed;
   * then Lambda hands the same batch over again (a retry), which must count nothing twice.
   */
  const researchJobCounters: Scenario = {
    async prepare(tableName) {
      await createTable(client, tableName);
      const jobs = new JobRepository(client, tableName);
      const image = async (id: string) => (await rawItem(tableName, `JOB#${id}`, 'METADATA'))!;
      for (const id of ['a', 'b', 'c']) await jobs.create({ id, title: `job ${id}` });
      const [a0, b0, c0] = [await image('a'), await image('b'), await image('c')];
      await jobs.transitionStatus('a', 'queued', 'running');
      const a1 = await image('a');
      await jobs.db.entity('job').delete({ id: 'b' });
      const batch: DynamoDBStreamEvent = {
        Records: [
          streamRecord(tableName, 'INSERT', { newImage: a0 }),
          streamRecord(tableName, 'INSERT', { newImage: b0 }),
          streamRecord(tableName, 'INSERT', { newImage: c0 }),
          streamRecord(tableName, 'MODIFY', { oldImage: a0, newImage: a1 }),
          streamRecord(tableName, 'REMOVE', { oldImage: b0 }),
        ],
      };
      return [batch, batch];
    },
    async check(tableName, results) {
      expect(results).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
      expect(await new JobRepository(client, tableName).statusCounts()).toEqual({
        queued: 1,
        running: 1,
        succeeded: 0,
        failed: 0,
        cancelled: 0,
      });
    },
  };

  /** Lambdas the examples have no scenario for yet: they load, and take an empty batch. */
  const emptyBatch: Scenario = {
    async prepare() {
      return [{ Records: [] }];
    },
    async check(_tableName, results) {
      expect(results).toHaveLength(1);
    },
  };

  const exampleScenarios: Record<string, Scenario> = {
    'examples/research-jobs/streams/job-status-counters-lambda.ts': researchJobCounters,
  };

  /**
   * The page views of test/infra/fixtures/page-views.ts, told black-box in DynamoDB JSON: views of
   * two pages inserted, one changed in place, one removed, and an item of no entity of the model.
   */
  const pageViews: Scenario = {
    async prepare(tableName) {
      await client.send(
        new CreateTableCommand({
          TableName: tableName,
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          AttributeDefinitions: [
            { AttributeName: 'pk', AttributeType: 'S' },
            { AttributeName: 'sk', AttributeType: 'S' },
          ],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
      const view = (page: string, id: string): Item => ({
        pk: { S: `PAGE#${page}` },
        sk: { S: `VIEW#${id}` },
        _type: { S: 'view' },
        page: { S: page },
        id: { S: id },
      });
      const stranger: Item = { pk: { S: 'PAGE#home' }, sk: { S: 'NOTE#1' }, _type: { S: 'note' } };
      return [
        {
          Records: [
            streamRecord(tableName, 'INSERT', { newImage: view('home', '1') }),
            streamRecord(tableName, 'INSERT', { newImage: view('home', '2') }),
            streamRecord(tableName, 'INSERT', { newImage: view('about', '1') }),
            streamRecord(tableName, 'MODIFY', { oldImage: view('home', '1'), newImage: view('home', '1') }),
            streamRecord(tableName, 'REMOVE', { oldImage: view('home', '2') }),
            streamRecord(tableName, 'INSERT', { newImage: stranger }),
          ],
        },
      ];
    },
    async check(tableName, results) {
      expect(results).toEqual([{ batchItemFailures: [] }]);
      for (const page of ['home', 'about'])
        expect(await rawItem(tableName, `PAGE#${page}`, 'COUNT')).toEqual({
          pk: { S: `PAGE#${page}` },
          sk: { S: 'COUNT' },
          _type: { S: 'pageCount' },
          page: { S: page },
          views: { N: '1' },
        });
    },
  };

  it('finds the example Lambdas', () => {
    expect(exampleLambdas()).toContain('examples/research-jobs/streams/job-status-counters-lambda.ts');
  });

  describe.each(formats)('bundled as %s', (format) => {
    it.each(exampleLambdas())('%s', async (entry) => {
      await playScenario(entry, format, exampleScenarios[entry] ?? emptyBatch);
    });

    it('a Lambda importing monotable/model, monotable/repository and monotable/streams', async () => {
      await playScenario('test/infra/fixtures/page-views-lambda.ts', format, pageViews);
    });

    it('a Lambda importing the package root, with better-sqlite3 shipped beside it (bundling.nodeModules)', async () => {
      // The root entry loads the local engine, whose better-sqlite3 is required through packageRequire.
      await playScenario('test/infra/fixtures/page-views-root-lambda.ts', format, pageViews, ['better-sqlite3']);
    });
  });
});
