import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTableFromModel, TableRepository, type TableRepositoryOptions } from '../../../src/repository/index.js';
import type { ModelDefinition } from '../../../src/model/index.js';
import { uniqueTableName, type TestEngine } from '../../support/engines.js';
import { taskModel, type TaskModel } from '../fixtures/task-model.js';

/** The clock every repository test runs at (TTL expiry times are computed from it). */
export const NOW = Date.parse('2026-05-01T12:00:00.000Z');

/** A fresh table of the task model on `engine`, and a repository on it that retries batches without waiting. */
export async function openTable(
  engine: TestEngine,
  options: TableRepositoryOptions = {},
): Promise<TableRepository<TaskModel>> {
  return openModelTable(engine, taskModel(), options);
}

/** A fresh table of `model` on `engine`, and a repository on it that retries batches without waiting. */
export async function openModelTable<M extends ModelDefinition>(
  engine: TestEngine,
  model: M,
  options: TableRepositoryOptions = {},
): Promise<TableRepository<M>> {
  const client = engine.client();
  countRequests(client);
  const tableName = options.tableName ?? uniqueTableName(model.table.name);
  await createTableFromModel(client, model, { tableName });
  const db = new TableRepository(client, model, {
    now: () => NOW,
    retry: { baseDelayMs: 1, sleep: async () => undefined },
    ...options,
    tableName,
  });
  clients.set(db, client);
  return db;
}

const counters = new WeakMap<DynamoDBClient, { sent: number }>();
const clients = new WeakMap<object, DynamoDBClient>();

/** Counts every command `client` sends, answered or failed (installed once per client). */
function countRequests(client: DynamoDBClient): void {
  if (counters.has(client)) return;
  const counter = { sent: 0 };
  counters.set(client, counter);
  client.middlewareStack.add(
    (next) => async (args) => {
      counter.sent++;
      return next(args);
    },
    { step: 'initialize', name: 'monotableTestRequestCounter' },
  );
}

/** The client under a repository opened by {@link openTable}. */
export function clientOf(db: object): DynamoDBClient {
  const client = clients.get(db);
  if (!client) throw new Error('not a repository opened by openTable');
  return client;
}

/**
 * Commands sent so far on the repository's client, answered or failed. Compare it around a call to
 * show an error was raised before any request (on a shared client, tests of one file run in turn).
 */
export function requestsSent(db: object): number {
  return counters.get(clientOf(db))?.sent ?? 0;
}

/** The rejection of `promise`, or a failure when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, but the call succeeded');
}
