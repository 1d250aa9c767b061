import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { createTestTable } from '../../src/engine/test-tables.test-support.js';
import { exited, forkWorker, nextMessage } from './workers/fork-worker.js';

describe('a process killed in the middle of TransactWriteItems', () => {
  let directory: string;
  let path: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'monotable-crash-'));
    path = join(directory, 'engine.db');
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  /** The `round` attribute of the 100 items (undefined for a missing item). */
  function roundsOnDisk(): (string | undefined)[] {
    const engine = new Engine({ path, ttlReapIntervalMs: 0 });
    try {
      return Array.from({ length: 100 }, (_, index) => {
        const item = engine.handle('GetItem', {
          TableName: 'rounds',
          Key: { pk: { S: `item-${index}` } },
          ConsistentRead: true,
        }).Item as { round: { N: string } } | undefined;
        return item?.round.N;
      });
    } finally {
      engine.close();
    }
  }

  it('leaves all or none of each transaction, over repeated SIGKILLs', async () => {
    const setup = new Engine({ path, ttlReapIntervalMs: 0 });
    createTestTable(setup, { name: 'rounds' });
    setup.close();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const worker = forkWorker('rewrite', path, String(20 * 1024));
      await nextMessage(worker);
      // Let it run a few more transactions, then kill it wherever it is.
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.floor(Math.random() * 250)));
      worker.kill('SIGKILL');
      await exited(worker);
      const rounds = roundsOnDisk();
      expect(rounds.every((round) => round !== undefined)).toBe(true);
      expect(new Set(rounds).size).toBe(1);
    }
  }, 180_000);
});
