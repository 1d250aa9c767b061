import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';

const directory = mkdtempSync(join(tmpdir(), 'monotable-checkpoint-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The engine's own connection and its checkpointing thread, which the storage keeps private. */
function internals(engine: Engine): { database: Database.Database; worker: import('node:worker_threads').Worker } {
  const storage = engine.context.storage as unknown as {
    database: Database.Database;
    checkpointer: { worker: import('node:worker_threads').Worker };
  };
  return { database: storage.database, worker: storage.checkpointer.worker };
}

function engineWithTable(path: string): Engine {
  const engine = new Engine({ path, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', {
    TableName: 'items',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  return engine;
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

describe('checkpoints of a file database, from a thread of their own', () => {
  it('copies the WAL into the file while the engine connection never checkpoints below 20,000 pages', async () => {
    const path = join(directory, 'copied.db');
    const engine = engineWithTable(path);
    expect(internals(engine).database.pragma('wal_autocheckpoint', { simple: true })).toBe(20_000);
    const sizeBefore = statSync(path).size;
    // About 1,500 pages of items, far under the engine connection's automatic checkpoint.
    for (let index = 0; index < 1_500; index++) {
      engine.handle('PutItem', {
        TableName: 'items',
        Item: { pk: { S: `item${index}` }, text: { S: 'x'.repeat(3_000) } },
      });
    }
    // Only a checkpoint writes pages into the database file itself.
    expect(await until(() => statSync(path).size > sizeBefore + 4_000_000, 5_000)).toBe(true);
    engine.close();
  });

  it('closes its connection before the engine closes, so that the WAL is merged and removed', () => {
    const path = join(directory, 'closed.db');
    const engine = engineWithTable(path);
    engine.handle('PutItem', { TableName: 'items', Item: { pk: { S: 'one' } } });
    expect(existsSync(`${path}-wal`)).toBe(true);
    engine.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = new Engine({ path, ttlReapIntervalMs: 0 });
    expect(reopened.handle('GetItem', { TableName: 'items', Key: { pk: { S: 'one' } } })).toEqual({
      Item: { pk: { S: 'one' } },
    });
    reopened.close();
  });

  it('gives the engine connection SQLite’s automatic checkpoints back when the thread is gone', async () => {
    const path = join(directory, 'thread-gone.db');
    const engine = engineWithTable(path);
    const { database, worker } = internals(engine);
    await worker.terminate();
    expect(await until(() => database.pragma('wal_autocheckpoint', { simple: true }) === 1_000, 2_000)).toBe(true);
    // Background work no longer waits for a thread that is not there.
    expect(engine.context.storage.walBounded?.()).toBeUndefined();
    engine.close();
  });

  it('runs no thread for a private in-memory database', () => {
    const engine = new Engine({ inMemory: true });
    expect((engine.context.storage as unknown as { checkpointer?: unknown }).checkpointer).toBeUndefined();
    expect(engine.context.storage.walBounded?.()).toBeUndefined();
    engine.close();
  });
});
