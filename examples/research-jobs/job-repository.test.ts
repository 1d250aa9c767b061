import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, uniqueTableName } from '../../test/support/engines.js';
import { InvalidCursorError, InvalidTransitionError, ItemAlreadyExistsError } from '../../src/repository/index.js';
import { createTable, JobRepository, type Job } from './index.js';

describeEachEngine('research jobs', (engine) => {
  let jobs: JobRepository;

  beforeAll(async () => {
    const client = engine.client();
    const tableName = uniqueTableName('research');
    await createTable(client, tableName);
    jobs = new JobRepository(client, tableName);
  });

  it('creates a job queued by default and reads it back', async () => {
    const created = await jobs.create({
      id: 'j1',
      title: 'Survey vector stores',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(created).toMatchObject({
      id: 'j1',
      title: 'Survey vector stores',
      status: 'queued',
      createdAt: '2026-01-01T00:00:00.000Z',
      version: 1,
    });
    expect(await jobs.get('j1')).toEqual(created);
    expect(await jobs.get('missing')).toBeUndefined();
  });

  it('polls a job right after creating it with a strongly consistent read', async () => {
    const consistentUnits = () => jobs.db.capacity.totals().get('getJob')?.capacityUnits ?? 0;
    await jobs.create({ id: 'polled', title: 'Poll me' });
    const before = consistentUnits();
    expect((await jobs.poll('polled'))?.status).toBe('queued');
    // A small item: 1 read unit strongly consistent (0.5 eventually consistent).
    expect(consistentUnits() - before).toBe(1);
    await jobs.transitionStatus('polled', 'queued', 'cancelled');
    expect((await jobs.poll('polled'))?.status).toBe('cancelled');
    expect(await jobs.poll('never-created')).toBeUndefined();
  });

  it('rejects a duplicate id', async () => {
    await jobs.create({ id: 'dup', title: 'first' });
    const error = await jobs.create({ id: 'dup', title: 'second' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ItemAlreadyExistsError);
    expect((error as ItemAlreadyExistsError).payload).toEqual({ entity: 'job', key: { id: 'dup' } });
    expect((await jobs.get('dup'))?.title).toBe('first');
  });

  it('returns a job with its findings and report from one Query', async () => {
    await jobs.create({ id: 'j2', title: 'Compare engines' });
    const findings = Array.from({ length: 30 }, (_, i) => ({
      id: `f${String(i).padStart(2, '0')}`,
      text: `finding ${i}`,
    }));
    await jobs.addFindings('j2', findings);
    await jobs.saveReport('j2', { summary: 'SQLite is fine' });
    await jobs.saveDebugPayload('j2', { id: 'd1', payload: 'stack' });
    const all = await jobs.getWithFindings('j2');
    expect(all?.job.id).toBe('j2');
    expect(all?.findings).toHaveLength(30);
    expect(all?.findings[0]).toEqual({ jobId: 'j2', id: 'f00', text: 'finding 0' });
    expect(all?.report).toEqual({ jobId: 'j2', summary: 'SQLite is fine' });
    expect(await jobs.getFinding('j2', 'f07')).toEqual({ jobId: 'j2', id: 'f07', text: 'finding 7' });
    expect(await jobs.getWithFindings('nope')).toBeUndefined();
  });

  it('lists jobs by status newest first, page by page, and moves them with transitions', async () => {
    for (let i = 0; i < 7; i++) {
      await jobs.create({ id: `run-${i}`, title: `job ${i}`, createdAt: `2026-02-0${i + 1}T00:00:00.000Z` });
      await jobs.transitionStatus(`run-${i}`, 'queued', 'running');
    }
    const seen: Job[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await jobs.listByStatus('running', { limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items);
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen.map((job) => job.id)).toEqual(['run-6', 'run-5', 'run-4', 'run-3', 'run-2', 'run-1', 'run-0']);

    const done = await jobs.transitionStatus('run-3', 'running', 'succeeded');
    expect(done.status).toBe('succeeded');
    const running = await jobs.listByStatus('running');
    expect(running.items.map((job) => job.id)).not.toContain('run-3');
    expect((await jobs.listByStatus('succeeded')).items.map((job) => job.id)).toContain('run-3');
  });

  it('refuses a transition from the wrong state, naming the job and both states', async () => {
    await jobs.create({ id: 'j3', title: 'x' });
    const error = await jobs.transitionStatus('j3', 'running', 'succeeded').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidTransitionError);
    expect((error as InvalidTransitionError).payload).toMatchObject({
      entity: 'job',
      key: { id: 'j3' },
      expected: 'running',
      actual: 'queued',
      next: 'succeeded',
    });
    const forbidden = await jobs.transitionStatus('j3', 'queued', 'succeeded').catch((e: unknown) => e);
    expect((forbidden as InvalidTransitionError).payload.reason).toBe('not-allowed');
  });

  it('reports a tampered cursor clearly', async () => {
    const page = await jobs.listByStatus('running', { limit: 1 });
    expect(page.cursor).toBeDefined();
    const cursor = page.cursor as string;
    const tampered = cursor.slice(0, 5) + (cursor[5] === 'A' ? 'B' : 'A') + cursor.slice(6);
    await expect(jobs.listByStatus('running', { cursor: tampered })).rejects.toThrow(InvalidCursorError);
    await expect(jobs.listByStatus('queued', { cursor })).rejects.toThrow(/another listing/);
  });
});

describe('research jobs model', () => {
  it('is the guide reference design', async () => {
    const { model } = await import('./model.js');
    expect(Object.keys(model.accessPatterns)).toContain('listJobsByStatus');
  });
});
