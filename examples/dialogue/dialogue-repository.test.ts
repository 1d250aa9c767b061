import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { checkDesign, renderAccessPatternTable, type AccessPatternDefinition } from '../../src/model/index.js';
import { InvalidTransitionError, RepositoryError } from '../../src/repository/index.js';
import { describeEachEngine, uniqueTableName } from '../../test/support/engines.js';
import { ContentionError, createTable, DialogueNotOpenError, DialogueRepository, model } from './index.js';

it('serves every access pattern with a key condition on one partition', () => {
  const result = checkDesign(model);
  expect(result.problems).toEqual([]);
  expect(result.ok).toBe(true);
  for (const pattern of Object.values(model.accessPatterns) as AccessPatternDefinition[]) {
    expect(pattern.config.index, pattern.name).toBeUndefined();
    expect(pattern.keyCondition?.pk.source, pattern.name).toBe('{dialogueId}');
  }
  expect(renderAccessPatternTable(model)).toContain(
    '| 5 | List the perspectives of one round, by expert | PK=`<dialogueId>`, SK begins_with `PERSP#<round>#` |',
  );
});

describeEachEngine('dialogues', (engine) => {
  let dialogues: DialogueRepository;
  const createdAt = '2026-02-02T10:00:00.000Z';

  beforeAll(async () => {
    const client = engine.client();
    const tableName = uniqueTableName('blue_dialogue');
    await createTable(client, tableName);
    dialogues = new DialogueRepository(client, tableName);
  });

  it('keeps a whole dialogue under one partition and returns it in one Query', async () => {
    await dialogues.start({ dialogueId: 'nvidia-dec', title: 'NVIDIA decision', createdAt });
    await dialogues.addExpert('nvidia-dec', { name: 'muffin', role: 'skeptic', tier: 2 });
    await dialogues.addExpert('nvidia-dec', { name: 'pretzel', role: 'optimist', tier: 1 });
    await dialogues.addPerspective('nvidia-dec', { expert: 'muffin', label: 'cost', content: 'Too expensive' });
    await dialogues.addPerspective('nvidia-dec', { expert: 'muffin', label: 'risk', content: 'Supply risk' });
    await dialogues.raiseTension('nvidia-dec', {
      tensionId: 'T01',
      description: 'cost vs speed',
      actor: 'muffin',
      epoch: 1706900000,
    });

    const whole = await dialogues.whole('nvidia-dec');
    expect(whole.dialogue).toEqual([
      expect.objectContaining({ dialogueId: 'nvidia-dec', status: 'open', round: 0, version: 1 }),
    ]);
    expect(whole.expert.map((expert) => expert.name)).toEqual(['muffin', 'pretzel']);
    expect(whole.perspective.map((p) => [p.round, p.expert, p.n])).toEqual([
      [0, 'muffin', 1],
      [0, 'muffin', 2],
    ]);
    expect(whole.tension).toEqual([expect.objectContaining({ tensionId: 'T01', status: 'open' })]);
    expect(whole.tensionEvent).toEqual([
      expect.objectContaining({ tensionId: 'T01', epoch: 1706900000, eventType: 'opened', actor: 'muffin' }),
    ]);
  });

  it('orders rounds and perspective numbers numerically', async () => {
    await dialogues.start({ dialogueId: 'rounds', title: 'Rounds', createdAt });
    await dialogues.addExpert('rounds', { name: 'a', role: 'r', tier: 1 });
    for (let round = 0; round < 11; round++) {
      await dialogues.addPerspective('rounds', { expert: 'a', label: `r${round}`, content: 'c' });
      if (round < 10) await dialogues.nextRound('rounds');
    }
    for (let n = 2; n <= 10; n++)
      await dialogues.addPerspective('rounds', { expert: 'a', label: `n${n}`, content: 'c' });
    const round10 = await dialogues.roundPerspectives('rounds', 10);
    expect(round10.map((p) => p.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const whole = await dialogues.whole('rounds');
    const rounds = whole.perspective.map((p) => p.round);
    expect(rounds).toEqual([...rounds].sort((a, b) => a - b));
  });

  it('gives racing writers distinct perspective numbers, losing none', async () => {
    await dialogues.start({ dialogueId: 'race', title: 'Race', createdAt });
    await dialogues.addExpert('race', { name: 'a', role: 'r', tier: 1 });
    const written = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        dialogues.addPerspective('race', { expert: 'a', label: `w${i}`, content: 'c' }),
      ),
    );
    expect(written.map((p) => p.n).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await dialogues.roundPerspectives('race', 0)).map((p) => p.label).sort()).toEqual([
      'w0',
      'w1',
      'w2',
      'w3',
      'w4',
      'w5',
    ]);
  });

  it('applies concurrent score changes exactly once each (optimistic locking)', async () => {
    await dialogues.start({ dialogueId: 'score', title: 'Score', createdAt });
    await dialogues.addExpert('score', { name: 'a', role: 'r', tier: 1 });
    await Promise.all(Array.from({ length: 5 }, () => dialogues.score('score', 'a', 2)));
    const whole = await dialogues.whole('score');
    expect(whole.expert[0]).toMatchObject({ score: 10, version: 6 });
  });

  it('refuses writes into a dialogue that is not open', async () => {
    await dialogues.start({ dialogueId: 'closed', title: 'Closed', createdAt });
    await dialogues.addExpert('closed', { name: 'a', role: 'r', tier: 1 });
    await dialogues.db.entity('dialogue').transition({ dialogueId: 'closed' }, { from: 'open', to: 'closed' });
    const closed = await dialogues.addExpert('closed', { name: 'b', role: 'r', tier: 1 }).catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(DialogueNotOpenError);
    expect(closed).toBeInstanceOf(RepositoryError);
    expect(closed).toMatchObject({
      code: 'DialogueNotOpen',
      payload: { dialogueId: 'closed', reason: 'dialogue is not open' },
    });
    expect((closed as Error).message).toBe('Dialogue closed: dialogue is not open');
    await expect(dialogues.addPerspective('closed', { expert: 'a', label: 'l', content: 'c' })).rejects.toMatchObject({
      code: 'DialogueNotOpen',
      payload: { dialogueId: 'closed', reason: 'dialogue is not open' },
    });
    await expect(dialogues.addExpert('missing', { name: 'b', role: 'r', tier: 1 })).rejects.toBeInstanceOf(
      DialogueNotOpenError,
    );
    await expect(dialogues.score('closed', 'nobody', 1)).rejects.toMatchObject({
      code: 'DialogueNotOpen',
      payload: { dialogueId: 'closed', reason: 'no expert named nobody' },
    });
  });

  it('moves a tension and records its event together, refusing a stale move', async () => {
    await dialogues.start({ dialogueId: 'tense', title: 'Tense', createdAt });
    await dialogues.raiseTension('tense', { tensionId: 'T01', description: 'd', actor: 'a', epoch: 100 });
    await dialogues.moveTension('tense', 'T01', { from: 'open', to: 'addressed', actor: 'a', epoch: 200 });
    await dialogues.moveTension('tense', 'T01', {
      from: 'addressed',
      to: 'resolved',
      actor: 'b',
      epoch: 300,
      reason: 'agreed',
    });
    const stale = await dialogues
      .moveTension('tense', 'T01', { from: 'open', to: 'dismissed', actor: 'c', epoch: 400 })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(Error);
    const history = await dialogues.tensionHistory('tense', 'T01');
    expect(history.map((event) => [event.epoch, event.eventType])).toEqual([
      [100, 'opened'],
      [200, 'addressed'],
      [300, 'resolved'],
    ]);
    expect((await dialogues.whole('tense')).tension[0].status).toBe('resolved');
  });

  it('decides on a perspective once', async () => {
    await dialogues.start({ dialogueId: 'decide', title: 'Decide', createdAt });
    await dialogues.addExpert('decide', { name: 'a', role: 'r', tier: 1 });
    const p = await dialogues.addPerspective('decide', { expert: 'a', label: 'l', content: 'c' });
    await dialogues.decide('decide', p, 'accepted');
    await expect(dialogues.decide('decide', p, 'rejected')).rejects.toBeInstanceOf(InvalidTransitionError);
  });
});

it('reports lost races as a typed contention error', () => {
  const error = new ContentionError('d1', 'score', 8);
  expect(error).toBeInstanceOf(RepositoryError);
  expect(error).toMatchObject({
    name: 'ContentionError',
    code: 'Contention',
    payload: { dialogueId: 'd1', operation: 'score', attempts: 8 },
  });
  expect(error.message).toBe('Dialogue d1: score lost 8 races with concurrent writers');
});

it('documents the access patterns it serves', () => {
  const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
  expect(readme).toContain(renderAccessPatternTable(model));
});
