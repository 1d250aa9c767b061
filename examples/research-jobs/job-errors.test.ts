import { beforeAll, expect, it } from 'vitest';
import {
  InvalidCursorError,
  InvalidTransitionError,
  ItemNotFoundError,
  UnsupportedOperationError,
  ValidationError,
} from '../../src/repository/index.js';
import { describeEachEngine, uniqueTableName } from '../../test/support/engines.js';
import { createTable, JobRepository } from './index.js';

describeEachEngine('research job errors', (engine) => {
  let jobs: JobRepository;
  let tableName: string;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => e,
    );
  const createdAt = (day: number) => `2026-03-${String(day).padStart(2, '0')}T00:00:00.000Z`;

  beforeAll(async () => {
    const client = engine.client();
    tableName = uniqueTableName('research');
    await createTable(client, tableName);
    jobs = new JobRepository(client, tableName);
  });

  it('refuses a move the state machine forbids with InvalidTransitionError (not-allowed), the job unchanged', async () => {
    await jobs.create({ id: 'j-skip', title: 'skip' });
    const error = await failure(jobs.transitionStatus('j-skip', 'queued', 'succeeded'));
    expect(error).toBeInstanceOf(InvalidTransitionError);
    expect((error as InvalidTransitionError).payload).toMatchObject({
      key: { id: 'j-skip' },
      expected: 'queued',
      next: 'succeeded',
      reason: 'not-allowed',
    });
    expect((await jobs.get('j-skip', { consistent: true }))?.status).toBe('queued');
  });

  it('refuses any move out of a terminal state', async () => {
    await jobs.create({ id: 'j-done', title: 'done' });
    await jobs.transitionStatus('j-done', 'queued', 'cancelled');
    expect(await failure(jobs.transitionStatus('j-done', 'cancelled', 'queued'))).toMatchObject({
      code: 'InvalidTransition',
      payload: { reason: 'not-allowed' },
    });
  });

  it('refuses a move of a job that does not exist with ItemNotFoundError', async () => {
    expect(await failure(jobs.transitionStatus('j-ghost', 'queued', 'running'))).toBeInstanceOf(ItemNotFoundError);
  });

  it('refuses a job with an empty id, an empty title or a createdAt that is no ISO date with ValidationError', async () => {
    for (const job of [
      { id: '', title: 't' },
      { id: 'j-v', title: '' },
      { id: 'j-v', title: 't', createdAt: 'yesterday' },
    ]) {
      const error = await failure(jobs.create(job));
      expect(error, JSON.stringify(job)).toBeInstanceOf(ValidationError);
    }
    expect(await jobs.get('j-v', { consistent: true })).toBeUndefined();
  });

  it('refuses findings with an empty text with ValidationError, writing none of the batch', async () => {
    await jobs.create({ id: 'j-findings', title: 't' });
    expect(
      await failure(
        jobs.addFindings('j-findings', [
          { id: 'f1', text: 'ok' },
          { id: 'f2', text: '' },
        ]),
      ),
    ).toBeInstanceOf(ValidationError);
    expect((await jobs.getWithFindings('j-findings'))?.findings).toEqual([]);
  });

  it('has no job with findings for an id with no job', async () => {
    expect(await jobs.getWithFindings('j-nothing')).toBeUndefined();
  });

  it('refuses a page limit that is not a positive integer with UnsupportedOperationError', async () => {
    expect(await failure(jobs.listByStatus('queued', { limit: 0 }))).toBeInstanceOf(UnsupportedOperationError);
  });

  it("refuses a cursor of another status's listing (other-listing) and of a repository with another secret (tampered)", async () => {
    for (let day = 1; day <= 3; day++)
      await jobs.create({ id: `j-page-${day}`, title: 't', status: 'failed', createdAt: createdAt(day) });
    const { cursor } = await jobs.listByStatus('failed', { limit: 1 });
    expect(cursor).toBeDefined();
    expect(await failure(jobs.listByStatus('running', { cursor: cursor as string }))).toMatchObject({
      code: 'InvalidCursor',
      payload: { reason: 'other-listing' },
    });
    const signed = new JobRepository(engine.client(), tableName, { cursorSecret: 'other' });
    const error = await failure(signed.listByStatus('failed', { cursor: cursor as string }));
    expect(error).toBeInstanceOf(InvalidCursorError);
    expect((error as InvalidCursorError).payload.reason).toBe('tampered');
  });
});
