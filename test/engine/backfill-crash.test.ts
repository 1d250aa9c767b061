import { describe, expect, it } from 'vitest';
import { databaseOfEngine } from '../../src/engine/storage/storage.test-support.js';
import { createTableOfItems } from '../../src/engine/bulk-items.test-support.js';
import { Engine } from '../../src/engine/engine.js';
import { exited, forkWorker, nextMessage } from './workers/fork-worker.js';
import { useTemporaryEngineFile } from './workers/temporary-engine-file.js';

const itemCount = 20_000;

interface DescribedIndex {
  readonly IndexStatus: string;
  readonly Backfilling?: boolean;
}

function indexOf(engine: Engine): DescribedIndex | undefined {
  const described = engine.handle('DescribeTable', { TableName: 'jobs' }) as {
    Table: { GlobalSecondaryIndexes?: DescribedIndex[] };
  };
  return described.Table.GlobalSecondaryIndexes?.[0];
}

/** How many items the GSI answers for a group, read page by page. */
function countInGroup(engine: Engine, group: string): number {
  let count = 0;
  let start: unknown;
  do {
    const page = engine.handle('Query', {
      TableName: 'jobs',
      IndexName: 'byGroup',
      KeyConditionExpression: '#group = :group',
      ExpressionAttributeNames: { '#group': 'group' },
      ExpressionAttributeValues: { ':group': { S: group } },
      Select: 'COUNT',
      ...(start === undefined ? {} : { ExclusiveStartKey: start }),
    }) as { Count: number; LastEvaluatedKey?: unknown };
    count += page.Count;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

describe('a process killed in the middle of a GSI backfill', () => {
  const file = useTemporaryEngineFile('monotable-backfill-crash-');

  function createJobs(): void {
    file.withEngine((engine) => {
      createTableOfItems(engine, 'jobs', itemCount, (index) => ({
        pk: { S: `job${index}` },
        group: { S: `g${index % 4}` },
      }));
    });
  }

  /**
   * Reopens the file: the backfill (if the kill cut it short) is CREATING and goes on by
   * itself; once done, the index holds every item exactly once and the file is intact.
   * Returns whether it was still pending at reopening.
   */
  async function reopenAndCheck(): Promise<boolean> {
    const engine = new Engine({ path: file.path(), ttlReapIntervalMs: 0 });
    try {
      // Before the engine's first background slice: the state the crash left.
      const pending = engine.context.storage.hasPendingBackfills();
      expect(indexOf(engine)).toMatchObject(
        pending ? { IndexStatus: 'CREATING', Backfilling: true } : { IndexStatus: 'ACTIVE' },
      );
      await engine.backfillsDone();
      expect(indexOf(engine)).toEqual(expect.objectContaining({ IndexStatus: 'ACTIVE' }));
      expect(indexOf(engine)).not.toHaveProperty('Backfilling');
      for (const group of ['g0', 'g1', 'g2', 'g3']) expect(countInGroup(engine, group)).toBe(itemCount / 4);
      expect(databaseOfEngine(engine).pragma('integrity_check', { simple: true })).toBe('ok');
      engine.handle('UpdateTable', {
        TableName: 'jobs',
        GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'byGroup' } }],
      });
      return pending;
    } finally {
      engine.close();
    }
  }

  it('continues the backfill on reopen after a SIGKILL right after UpdateTable answered', async () => {
    createJobs();
    const worker = forkWorker('backfill', file.path(), 'die');
    await exited(worker);
    expect(worker.signalCode).toBe('SIGKILL');
    expect(await reopenAndCheck()).toBe(true);
  }, 120_000);

  it('leaves a consistent file that finishes on reopen, over SIGKILLs at random moments', async () => {
    createJobs();
    let cutShort = 0;
    for (let round = 0; round < 4; round += 1) {
      const worker = forkWorker('backfill', file.path(), 'live');
      await nextMessage(worker);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 60)));
      worker.kill('SIGKILL');
      await exited(worker);
      if (await reopenAndCheck()) cutShort += 1;
    }
    // Killed within 60 ms of its first slice, a backfill of 20,000 items is cut short at least once.
    expect(cutShort).toBeGreaterThan(0);
  }, 180_000);
});
