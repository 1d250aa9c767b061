import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from '../../../src/model/index.js';
import { DesignCheckFailedError, type TableRepository } from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import { openModelTable } from '../support/open-table.js';

/**
 * Reads choose their consistency: a pattern may declare `consistentRead`, and a caller's
 * `consistent` decides per read. Seen from the capacity each read consumes, as the service
 * reports it: a small item costs 1 read unit strongly consistent and 0.5 eventually consistent.
 */
function pollModel() {
  const table = defineTable({
    name: 'polls',
    indexes: { gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } } },
  });
  const run = defineEntity(table, {
    name: 'run',
    attributes: { id: z.string(), state: z.string() },
    key: { pk: 'RUN#{id}', sk: 'META' },
    indexes: { gsi1: { pk: 'STATE#{state}', sk: '{id}' } },
  });
  const step = defineEntity(table, {
    name: 'step',
    attributes: { runId: z.string(), n: z.number() },
    key: { pk: 'RUN#{runId}', sk: 'STEP#{n:3}' },
  });
  return defineModel({
    table,
    entities: [run, step],
    accessPatterns: {
      // Polled right after a write: the one read that needs to see it.
      pollRun: {
        description: 'Poll a run right after writing it',
        entities: ['run'],
        key: { pk: 'RUN#{id}', sk: { equals: 'META' } },
        consistentRead: true,
      },
      listSteps: {
        description: 'Steps of a run',
        entities: ['step'],
        key: { pk: 'RUN#{runId}', sk: { beginsWith: 'STEP#' } },
      },
      listRunsInState: {
        description: 'Runs in a state',
        entities: ['run'],
        index: 'gsi1',
        key: { pk: 'STATE#{state}' },
      },
    },
  });
}
type PollModel = ReturnType<typeof pollModel>;

describeEachEngine('consistent reads, declared and chosen', (engine) => {
  let db: TableRepository<PollModel>;
  beforeAll(async () => {
    db = await openModelTable(engine, pollModel());
    await db.entity('run').create({ id: 'r1', state: 'open' });
    await db.entity('step').create({ runId: 'r1', n: 1 });
  });
  /** The capacity units one read booked under `label`. */
  const unitsOf = async (label: string, read: () => Promise<unknown>) => {
    const before = db.capacity.totals().get(label)?.capacityUnits ?? 0;
    await read();
    return (db.capacity.totals().get(label)?.capacityUnits ?? 0) - before;
  };

  it('reads a pattern that declares consistentRead strongly consistent, unless the caller says otherwise', async () => {
    expect(await unitsOf('pollRun', () => db.query('pollRun', { id: 'r1' }))).toBe(1);
    expect(await unitsOf('pollRun', () => db.query('pollRun', { id: 'r1' }, { consistent: false }))).toBe(0.5);
    expect(await unitsOf('pollRun', () => db.collection('pollRun', { id: 'r1' }))).toBe(1);
  });

  it('reads other patterns eventually consistent, as DynamoDB does by default, unless asked', async () => {
    expect(await unitsOf('listSteps', () => db.query('listSteps', { runId: 'r1' }))).toBe(0.5);
    expect(await unitsOf('listSteps', () => db.query('listSteps', { runId: 'r1' }, { consistent: true }))).toBe(1);
    expect(await unitsOf('listRunsInState', () => db.query('listRunsInState', { state: 'open' }))).toBe(0.5);
  });

  it("gets an entity as its get pattern declares, and as the caller's consistent says when given", async () => {
    expect(await unitsOf('pollRun', () => db.entity('run').get({ id: 'r1' }))).toBe(1);
    expect(await unitsOf('pollRun', () => db.entity('run').get({ id: 'r1' }, { consistent: false }))).toBe(0.5);
    expect(await unitsOf('step.get', () => db.entity('step').get({ runId: 'r1', n: 1 }))).toBe(0.5);
    expect(await unitsOf('step.get', () => db.entity('step').get({ runId: 'r1', n: 1 }, { consistent: true }))).toBe(1);
  });

  it('refuses a model declaring consistentRead on a global secondary index before any request', async () => {
    const base = pollModel();
    const onIndex = defineModel({
      table: base.table,
      entities: base.entities,
      accessPatterns: {
        listRunsInState: {
          description: 'Runs in a state, read after write',
          entities: ['run'],
          index: 'gsi1',
          key: { pk: 'STATE#{state}' },
          consistentRead: true,
        },
      },
    });
    const error = await openModelTable(engine, onIndex).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DesignCheckFailedError);
    expect((error as DesignCheckFailedError).message).toContain(
      "access pattern 'listRunsInState' is not served: declares consistentRead on index 'gsi1', a global secondary index",
    );
  });
});
