import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient } from '../../src/local/index.js';
import {
  runStreamHandler,
  streamHandlerSettings,
  type DynamoDBStreamEvent,
  type RunningStreamHandler,
} from '../../src/streams/index.js';
import { startCliServer, type ServingCli } from '../../test/local/support/run-cli.js';
import { uniqueTableName } from '../../test/support/engines.js';
import { createJobStatusCountersHandler, createTable, JobRepository, model } from './index.js';

const none = { queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 };

/** The same story on every engine: jobs created, moved through their states, one deleted. */
async function moveSomeJobs(jobs: JobRepository): Promise<void> {
  for (let i = 1; i <= 6; i++) await jobs.create({ id: `job-${i}`, title: `job ${i}` });
  for (const id of ['job-1', 'job-2', 'job-3', 'job-4']) await jobs.transitionStatus(id, 'queued', 'running');
  await jobs.transitionStatus('job-1', 'running', 'succeeded');
  await jobs.transitionStatus('job-2', 'running', 'failed');
  await jobs.transitionStatus('job-5', 'queued', 'cancelled');
  // A change that leaves the status alone, findings and a report: no counter moves.
  await jobs.db.entity('job').update({ id: 'job-3' }, { set: { title: 'renamed' } });
  await jobs.addFindings('job-3', [{ id: 'f1', text: 'found' }]);
  await jobs.saveReport('job-3', { summary: 'done soon' });
  await jobs.db.entity('job').delete({ id: 'job-6' });
}
const afterTheStory = { queued: 0, running: 2, succeeded: 1, failed: 1, cancelled: 1 };

describe('job status counters, kept by the stream handler [in-process]', () => {
  let client: DynamoDBClient;
  let running: RunningStreamHandler | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
    client.destroy();
  });

  it('count each status as jobs move, with the settings the model declares for the Lambda', async () => {
    client = createLocalClient({ inMemory: true });
    const tableName = uniqueTableName('research');
    await createTable(client, tableName);
    const jobs = new JobRepository(client, tableName);
    running = runStreamHandler({
      client,
      handler: createJobStatusCountersHandler(client, tableName),
      ...streamHandlerSettings(model, 'jobStatusCounters', { tableName }),
    });
    expect(await jobs.statusCounts()).toEqual(none);
    await moveSomeJobs(jobs);
    await running.drain();
    expect(await jobs.statusCounts()).toEqual(afterTheStory);
    await jobs.transitionStatus('job-3', 'running', 'succeeded');
    await running.drain();
    expect(await jobs.statusCounts()).toEqual({ ...afterTheStory, running: 1, succeeded: 2 });
  });

  it('count a change once when Lambda hands its batch over again', async () => {
    client = createLocalClient({ inMemory: true });
    const tableName = uniqueTableName('research');
    await createTable(client, tableName);
    const jobs = new JobRepository(client, tableName);
    const counters = createJobStatusCountersHandler(client, tableName);
    const batches: number[] = [];
    running = runStreamHandler({
      client,
      ...streamHandlerSettings(model, 'jobStatusCounters', { tableName }),
      // The function counts the batch, then fails before answering (a timeout, say): Lambda retries the same records.
      handler: async (event: DynamoDBStreamEvent) => {
        batches.push(event.Records.length);
        await counters(event);
        if (batches.length === 1) throw new Error('the function timed out after counting');
        return { batchItemFailures: [] };
      },
    });
    await moveSomeJobs(jobs);
    await running.drain();
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches[1]).toBe(batches[0]);
    expect(await jobs.statusCounts()).toEqual(afterTheStory);
  });

  it('report the first change it could not count, and count it when Lambda retries from there', async () => {
    const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    client = createLocalClient({ engine });
    const tableName = uniqueTableName('research');
    await createTable(client, tableName);
    const jobs = new JobRepository(client, tableName);
    const invocations: string[][] = [];
    // The handler's own client: its first two counter writes fail (throttled, say), later ones go through.
    let failures = 2;
    const handlerClient = createLocalClient({ engine });
    handlerClient.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand' && failures > 0) {
          failures--;
          throw Object.assign(new Error('Throughput exceeded'), { name: 'ProvisionedThroughputExceededException' });
        }
        return next(args);
      },
      { step: 'initialize', name: 'failSomeCounterWrites' },
    );
    // Both jobs are written before the handler starts (TRIM_HORIZON), so they arrive as one batch:
    // a runner woken by each write would otherwise hand it the first one alone.
    await jobs.create({ id: 'a', title: 'a' });
    await jobs.create({ id: 'b', title: 'b' });
    const counters = createJobStatusCountersHandler(handlerClient, tableName);
    running = runStreamHandler({
      client,
      ...streamHandlerSettings(model, 'jobStatusCounters', { tableName }),
      handler: async (event: DynamoDBStreamEvent) => {
        invocations.push(event.Records.map((record) => record.dynamodb?.SequenceNumber as string));
        return counters(event);
      },
    });
    await running.drain();
    expect(await jobs.statusCounts()).toEqual({ ...none, queued: 2 });
    // Reported from the first record each time, so the same batch twice more.
    expect(invocations).toEqual([invocations[0], invocations[0], invocations[0]]);
    expect(invocations[0]).toHaveLength(2);
    handlerClient.destroy();
    await running.stop();
    engine.close();
  });
});

describe('job status counters, kept by the stream handler [monotable serve]', () => {
  const directory = mkdtempSync(join(tmpdir(), 'monotable-counters-'));
  const file = join(directory, 'research.sqlite');
  let server: ServingCli;
  let client: DynamoDBClient;
  let engine: Engine;
  let running: RunningStreamHandler | undefined;

  beforeAll(async () => {
    server = await startCliServer(['--db', file]);
    client = new DynamoDBClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(async () => {
    await running?.stop();
    engine?.close();
    client?.destroy();
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('count each status with the same handler, its writes and reads over HTTP', async () => {
    const tableName = uniqueTableName('research');
    await createTable(client, tableName);
    const jobs = new JobRepository(client, tableName);
    // The server's file, opened beside it: the stream the server writes is read here, and the handler writes through the server.
    engine = new Engine({ path: file, ttlReapIntervalMs: 0 });
    running = runStreamHandler({
      engine,
      handler: createJobStatusCountersHandler(client, tableName),
      ...streamHandlerSettings(model, 'jobStatusCounters', { tableName }),
    });
    await moveSomeJobs(jobs);
    await running.drain();
    expect(await jobs.statusCounts()).toEqual(afterTheStory);
  });
});
