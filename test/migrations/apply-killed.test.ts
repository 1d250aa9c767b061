import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalClient } from '../../src/local/index.js';
import { applyMigration, planMigration, readMigrationRecord } from '../../src/migrations/index.js';
import { describeEachEngine, uniqueTableName } from '../support/engines.js';
import { jobsModel } from './fixtures/jobs-models.js';
import { OWNERS, queryAll, scanAll, seedJobsTable } from './support.js';

const cli = join(import.meta.dirname, 'fixtures', 'run-cli.ts');
const v2Module = join(import.meta.dirname, 'fixtures', 'jobs-v2-model.ts');
const JOBS = 5000;

/** Runs `monotable migrate …` in a child process; `killWhen` sees its standard error as it grows. */
function runMigrate(args: readonly string[], killWhen?: (stderr: string) => boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'migrate', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  let stderr = '';
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    if (killWhen?.(stderr)) child.kill('SIGKILL');
  });
  return new Promise<{ exit: NodeJS.Signals | number | null; stderr: string; stdout: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ exit: signal ?? code, stderr, stdout })),
  );
}

/** Where the table lives: the command line's connection flags and a client of the tests' own. */
interface Target {
  readonly tableName: string;
  readonly connection: readonly string[];
  client(): DynamoDBClient;
  release(client: DynamoDBClient): void;
}

/**
 * v1 with 5,000 jobs; `migrate apply` to v2 killed with SIGKILL in the middle of its backfill;
 * run again, it ends as one uninterrupted run would, and a third run writes nothing.
 */
async function killedAndResumed(target: Target): Promise<void> {
  const { tableName } = target;
  const seeding = target.client();
  const { jobs } = await seedJobsTable(seeding, jobsModel(1), tableName, JOBS);
  await applyMigration(await planMigration(jobsModel(1), seeding, { tableName }), seeding);
  target.release(seeding);

  const connection = ['--model', v2Module, ...target.connection];
  const planned = await runMigrate(['plan', ...connection, '--json']);
  expect(planned.exit, planned.stderr).toBe(0);
  expect(
    JSON.parse(planned.stdout).steps.map((step: { kind: string; items?: number }) => [step.kind, step.items]),
  ).toEqual([
    ['create-index', undefined],
    ['backfill', JOBS],
  ]);

  // The write budget keeps the backfill slow enough to be caught in the middle.
  const killed = await runMigrate([...['apply', ...connection], '--max-wcu', '1500'], (stderr) =>
    /backfill:job:\S+ page (1[0-9]{3}|[2-4][0-9]{3})\/5000/.test(stderr),
  );
  expect(killed.exit, killed.stderr).toBe('SIGKILL');

  const client = target.client();
  try {
    const record = await readMigrationRecord(DynamoDBDocumentClient.from(client), tableName, jobsModel(2).table);
    expect(record.revision).toBe(1);
    expect(record.progress?.done).toBeGreaterThanOrEqual(1000);
    expect(record.progress?.done).toBeLessThan(JOBS);
  } finally {
    target.release(client);
  }

  const resumed = await runMigrate(['apply', ...connection]);
  expect(resumed.exit, resumed.stderr).toBe(0);
  expect(resumed.stderr).toContain('applied create-index:gsi2: done before');
  expect(resumed.stderr).toContain(`model recorded in ${tableName}`);

  const after = target.client();
  try {
    let listed = 0;
    for (const owner of OWNERS) {
      const owned = await queryAll(after, tableName, {
        index: 'gsi2',
        keyName: 'gsi2pk',
        keyValue: `OWNER#${owner}`,
        descending: true,
      });
      expect(owned.map((job) => job.id)).toEqual(
        jobs
          .filter((job) => job.ownerId === owner)
          .map((job) => job.id)
          .reverse(),
      );
      listed += owned.length;
    }
    expect(listed).toBe(JOBS);
    const inGsi1 = (await scanAll(after, tableName, 'gsi1')).length;
    expect(inGsi1).toBe(jobs.filter((job) => job.status === 'queued' || job.status === 'running').length);
  } finally {
    target.release(after);
  }

  const again = await runMigrate(['apply', ...connection]);
  expect(again.exit, again.stderr).toBe(0);
  expect(again.stderr).toContain('nothing to do: the table is at this model');
}

describe('monotable migrate apply killed with SIGKILL in the middle of the backfill (a monotable SQLite file)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'monotable-migrate-'));
  const file = join(directory, 'jobs.db');
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('ends, once run again, as one uninterrupted run would', async () => {
    await killedAndResumed({
      tableName: 'research-jobs',
      connection: ['--file', file],
      // The file is opened by one process at a time: each client is closed before the command runs.
      client: () => createLocalClient({ path: file }),
      release: (client) => client.destroy(),
    });
  }, 240_000);
});

describeEachEngine(
  'monotable migrate apply killed with SIGKILL in the middle of the backfill (an endpoint)',
  (engine) => {
    it('ends, once run again, as one uninterrupted run would', async () => {
      const tableName = uniqueTableName('migrate-killed');
      await killedAndResumed({
        tableName,
        connection: ['--endpoint', engine.endpoint?.() ?? '', '--table', tableName],
        client: () => engine.client(),
        release: () => undefined,
      });
    }, 300_000);
  },
  { engines: ['serve', 'dynamodb-local-3'] },
);
