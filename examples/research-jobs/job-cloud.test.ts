import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient, serveEngine, type CloudOptions, type ServingEngine } from '../../src/local/index.js';
import { TransactionConflictError } from '../../src/repository/index.js';
import { uniqueTableName } from '../../test/support/engines.js';
import { createTable, JobRepository } from './index.js';

/**
 * The research-jobs flows with the engine's cloud behaviour on, both ways in: a local client
 * in-process and an SDK client over `serve`. The engine's clock is injected and the repository's
 * backoff moves it, so the lags and transactions in flight pass without sleeping.
 */
const ways = ['in-process', 'serve'] as const;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function open(way: (typeof ways)[number], cloud: CloudOptions, maxAttempts = 8) {
  let now = Date.parse('2026-03-01T09:00:00.000Z');
  const engine = new Engine({ inMemory: true, now: () => now, cloud });
  const serving: ServingEngine | undefined = way === 'serve' ? await serveEngine(engine, { port: 0 }) : undefined;
  const client = serving
    ? new DynamoDBClient({
        endpoint: serving.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      })
    : createLocalClient({ engine });
  closers.push(async () => {
    client.destroy();
    await serving?.close();
    engine.close();
  });
  const tableName = uniqueTableName('research');
  await createTable(client, tableName);
  const advance = (ms: number) => {
    now += ms;
  };
  // random 1: each backoff is its cap (40, 80, 160 … ms), spent on the engine's clock.
  const retry = { maxAttempts, baseDelayMs: 40, random: () => 1, sleep: async (ms: number) => advance(ms) };
  return { engine, advance, jobs: new JobRepository(client, tableName, { now: () => now, retry }) };
}

for (const way of ways) {
  describe(`research jobs with the cloud behaviour on [${way}]`, () => {
    it('lists a job under its new status only after the index lag, while a consistent get sees it at once', async () => {
      const { jobs, advance } = await open(way, { seed: 7, consistency: { indexLagMs: 500, replicationLagMs: 300 } });
      await jobs.create({ id: 'j1', title: 'Survey vector databases' });
      expect(await jobs.get('j1')).toBeUndefined(); // eventually consistent, right after the create
      expect((await jobs.poll('j1'))?.status).toBe('queued'); // consistent: sees it
      advance(1000);
      await jobs.transitionStatus('j1', 'queued', 'running');
      expect((await jobs.listByStatus('running')).items.map((job) => job.id)).toEqual([]);
      expect((await jobs.listByStatus('queued')).items.map((job) => job.id)).toEqual(['j1']);
      expect((await jobs.get('j1'))?.status).toBe('queued');
      expect((await jobs.get('j1', { consistent: true }))?.status).toBe('running');
      advance(500);
      expect((await jobs.listByStatus('running')).items.map((job) => job.id)).toEqual(['j1']);
      expect((await jobs.get('j1'))?.status).toBe('running');
    });

    it('meets a transaction in flight: a put of its report gets TransactionConflictError', async () => {
      const { jobs } = await open(way, { seed: 7, transactions: { inFlightMs: 200 } });
      await jobs.create({ id: 'j2', title: 'Compare engines' });
      await jobs.transitionStatus('j2', 'queued', 'running');
      await jobs.complete('j2', { summary: 'SQLite is fine' }); // in flight on the job and its report for 200 ms
      const error = await jobs.saveReport('j2', { summary: 'rewritten' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransactionConflictError);
      expect((error as TransactionConflictError).payload).toMatchObject({
        operation: 'PutItem',
        items: [{ entity: 'report', key: { jobId: 'j2' } }],
      });
      // Another job's transaction does not meet this one: it commits, its report with it.
      await jobs.create({ id: 'j3', title: 'Another' });
      await jobs.transitionStatus('j3', 'queued', 'running');
      await jobs.complete('j3', { summary: 'done' });
      expect((await jobs.getWithFindings('j3'))?.report?.summary).toBe('done');
    });

    it('retries a transition while a transaction is in flight on the job, and gives up with TransactionConflictError after maxAttempts', async () => {
      const { jobs } = await open(way, { seed: 7, transactions: { inFlightMs: 1000 } }, 3);
      await jobs.create({ id: 'j4', title: 'Stuck' });
      await jobs.db.transact([jobs.db.entity('job').transaction.check({ id: 'j4' })]);
      const error = await jobs.transitionStatus('j4', 'queued', 'running').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransactionConflictError);
      expect((error as TransactionConflictError).payload.attempts).toBe(3);
      const retried = await open(way, { seed: 7, transactions: { inFlightMs: 200 } });
      await retried.jobs.create({ id: 'j5', title: 'Unstuck' });
      await retried.jobs.db.transact([retried.jobs.db.entity('job').transaction.check({ id: 'j5' })]);
      expect((await retried.jobs.transitionStatus('j5', 'queued', 'running')).status).toBe('running');
    });

    it("recovers from injected throttling through the SDK's retry and the repository's", async () => {
      const { jobs, engine } = await open(way, { seed: 7 });
      await jobs.create({ id: 'j6', title: 'Fan-in' });
      engine.injectFaults([{ operation: 'BatchWriteItem', error: 'ProvisionedThroughputExceededException', times: 4 }]);
      const findings = Array.from({ length: 30 }, (_, i) => ({
        id: `f${String(i).padStart(2, '0')}`,
        text: `finding ${i}`,
      }));
      await jobs.addFindings('j6', findings); // the SDK gives up after 3 attempts; the repository sends again
      expect(engine.faultReport()[0]).toMatchObject({ injected: 4 });
      expect((await jobs.getWithFindings('j6'))?.findings).toHaveLength(30);
      engine.clearFaults();
      engine.injectFaults([
        {
          operation: 'TransactWriteItems',
          error: 'TransactionCanceledException',
          reason: 'TransactionConflict',
          times: 1,
        },
      ]);
      await jobs.transitionStatus('j6', 'queued', 'running');
      expect(await jobs.complete('j6', { summary: 'x' }).catch((e: unknown) => e)).toBeInstanceOf(
        TransactionConflictError,
      );
      await jobs.complete('j6', { summary: 'x' }); // nothing was written: the same call goes through
      expect((await jobs.poll('j6'))?.status).toBe('succeeded');
    }, 30_000);
  });
}
