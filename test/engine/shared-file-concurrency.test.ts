import { describe, expect, it } from 'vitest';
import { createTestTable } from '../../src/engine/test-tables.test-support.js';
import { exited, forkWorker, nextMessage } from './workers/fork-worker.js';
import { useTemporaryEngineFile } from './workers/temporary-engine-file.js';

describe('several processes writing one SQLite file', () => {
  const { path: filePath, withEngine } = useTemporaryEngineFile('monotable-concurrency-');

  it('loses no increment: 8 processes × 1,000 UpdateItem ADD end at exactly 8,000', async () => {
    withEngine((engine) => createTestTable(engine, { name: 'counters' }));
    const workers = Array.from({ length: 8 }, () => forkWorker('increment', filePath(), '1000'));
    const codes = await Promise.all(workers.map(exited));
    expect(codes).toEqual(Array(8).fill(0));
    const item = withEngine(
      (engine) => engine.handle('GetItem', { TableName: 'counters', Key: { pk: { S: 'counter' } } }).Item,
    );
    expect(item).toEqual({ pk: { S: 'counter' }, n: { N: '8000' } });
  }, 180_000);

  it('lets exactly one of two concurrent conditional transitions win', async () => {
    withEngine((engine) => createTestTable(engine, { name: 'jobs' }));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      withEngine((engine) =>
        engine.handle('PutItem', { TableName: 'jobs', Item: { pk: { S: 'job' }, status: { S: 'PENDING' } } }),
      );
      const workers = [forkWorker('transition', filePath(), 'first'), forkWorker('transition', filePath(), 'second')];
      await Promise.all(workers.map(nextMessage));
      const results = workers.map(nextMessage);
      for (const worker of workers) worker.send('go');
      const outcomes = (await Promise.all(results)) as string[];
      await Promise.all(workers.map(exited));
      expect([...outcomes].sort()).toEqual(['lost', 'won']);
      const item = withEngine(
        (engine) => engine.handle('GetItem', { TableName: 'jobs', Key: { pk: { S: 'job' } } }).Item,
      );
      expect(item).toMatchObject({
        status: { S: 'RUNNING' },
        winner: { S: outcomes[0] === 'won' ? 'first' : 'second' },
      });
    }
  }, 180_000);
});
