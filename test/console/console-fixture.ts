import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { model } from '../../examples/research-jobs/model.js';
import { startConsole, type RunningConsole, type StartConsoleOptions } from '../../src/console/console-server.js';
import { createLocalClient, createLocalStreamsClient } from '../../src/local/index.js';
import { createTableFromModel } from '../../src/repository/create-table.js';
import { TableRepository } from '../../src/repository/table-repository.js';

/** A console on a fresh in-memory research-jobs table, seeded, and the repository that seeded it. */
export interface ConsoleFixture {
  readonly console: RunningConsole;
  readonly client: DynamoDBClient;
  readonly db: TableRepository<typeof model>;
  close(): Promise<void>;
}

/** The partition that holds `bigPartition` findings: `JOB#big`. */
export const BIG_JOB_ID = 'big';

/**
 * Starts a console on an in-memory engine holding the research-jobs example: jobs in each status,
 * a job's findings, report and debug payload, a cached fetch, and optionally one job with
 * `bigPartition` findings.
 */
export async function startResearchConsole(
  options: Partial<StartConsoleOptions> & { readonly bigPartition?: number } = {},
): Promise<ConsoleFixture> {
  const client = createLocalClient({ inMemory: true });
  await createTableFromModel(client, model);
  const db = new TableRepository(client, model);
  const jobs = db.entity('job');
  const createdAt = (minute: number): string => new Date(Date.UTC(2026, 11, 5, 9, minute)).toISOString();
  await jobs.create({ id: 'j1', title: 'Survey of SQLite engines', createdAt: createdAt(1) });
  await jobs.create({ id: 'j2', title: 'Benchmark the fast path', createdAt: createdAt(2) });
  await jobs.create({ id: 'j3', title: 'Read the DynamoDB docs', createdAt: createdAt(3) });
  await jobs.transition({ id: 'j2' }, { from: 'queued', to: 'running' });
  await jobs.transition({ id: 'j3' }, { from: 'queued', to: 'running' });
  await jobs.transition({ id: 'j3' }, { from: 'running', to: 'failed' });
  await db.entity('finding').create({ jobId: 'j1', id: 'f1', text: 'SQLite orders keys as bytes' });
  await db.entity('finding').create({ jobId: 'j1', id: 'f2', text: 'WAL mode keeps readers off the writer' });
  await db.entity('report').create({ jobId: 'j1', summary: 'Two findings, one engine chosen' });
  await db.entity('debugPayload').create({ jobId: 'j3', id: 'd1', payload: '{"error":"timeout"}' });
  await db
    .entity('fetchCache')
    .create({ url: 'https://example.com/a', body: '<html></html>', contentType: 'text/html' });
  if (options.bigPartition) {
    await jobs.create({ id: BIG_JOB_ID, title: 'A job with many findings', createdAt: createdAt(4) });
    const findings = Array.from({ length: options.bigPartition }, (_, index) => ({
      jobId: BIG_JOB_ID,
      id: String(index).padStart(5, '0'),
      text: `finding number ${index}`,
    }));
    await db.entity('finding').batchPut(findings);
  }
  const running = await startConsole({
    client,
    streamsClient: () => createLocalStreamsClient(client),
    model,
    allowWrites: true,
    source: 'in memory',
    port: 0,
    ...options,
  });
  return {
    console: running,
    client,
    db,
    close: async () => {
      await running.close();
      client.destroy();
    },
  };
}
