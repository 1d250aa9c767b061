import { beforeAll, expect, it } from 'vitest';
import { ItemAlreadyExistsError, TransactionCancelledError, ValidationError } from '../../src/repository/index.js';
import { describeEachEngine, uniqueTableName } from '../../test/support/engines.js';
import { createTable, DialogueNotOpenError, DialogueRepository } from './index.js';

describeEachEngine('dialogue errors', (engine) => {
  let dialogues: DialogueRepository;
  const createdAt = '2026-02-02T10:00:00.000Z';
  const open = async (dialogueId: string, experts: string[] = []) => {
    await dialogues.start({ dialogueId, title: dialogueId, createdAt });
    for (const name of experts) await dialogues.addExpert(dialogueId, { name, role: 'r', tier: 1 });
  };
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => e,
    );

  beforeAll(async () => {
    const client = engine.client();
    const tableName = uniqueTableName('blue_dialogue');
    await createTable(client, tableName);
    dialogues = new DialogueRepository(client, tableName);
  });

  it('refuses to start a dialogue whose id is taken with ItemAlreadyExistsError', async () => {
    await open('e-taken');
    expect(await failure(dialogues.start({ dialogueId: 'e-taken', title: 'again', createdAt }))).toMatchObject({
      code: 'ItemAlreadyExists',
      payload: { entity: 'dialogue', key: { dialogueId: 'e-taken' } },
    });
  });

  it('refuses an expert whose name is taken with ItemAlreadyExistsError, not as a closed dialogue', async () => {
    await open('e-twice', ['muffin']);
    const error = await failure(dialogues.addExpert('e-twice', { name: 'muffin', role: 'other', tier: 3 }));
    expect(error).toBeInstanceOf(ItemAlreadyExistsError);
    expect((error as ItemAlreadyExistsError).payload).toEqual({
      entity: 'expert',
      key: { dialogueId: 'e-twice', name: 'muffin' },
    });
    expect((await dialogues.whole('e-twice')).expert.map((expert) => expert.role)).toEqual(['r']);
  });

  it('refuses a perspective of an expert the dialogue does not have with DialogueNotOpenError', async () => {
    await open('e-stranger', ['muffin']);
    expect(
      await failure(dialogues.addPerspective('e-stranger', { expert: 'pretzel', label: 'l', content: 'c' })),
    ).toMatchObject({
      code: 'DialogueNotOpen',
      payload: { reason: 'dialogue is not open in this round, or the expert is unknown' },
    });
  });

  it('refuses a perspective, a round and a score in a dialogue that does not exist', async () => {
    // Each write starts only when the previous one has failed: a rejection started early would
    // go unhandled while the loop awaits another.
    for (const write of [
      () => dialogues.addPerspective('e-none', { expert: 'a', label: 'l', content: 'c' }),
      () => dialogues.nextRound('e-none'),
      () => dialogues.score('e-none', 'a', 1),
    ]) {
      expect(await failure(write())).toBeInstanceOf(DialogueNotOpenError);
    }
  });

  it('refuses a tension in a dialogue that does not exist, writing neither tension nor event', async () => {
    expect(
      await failure(dialogues.raiseTension('e-void', { tensionId: 'T1', description: 'd', actor: 'a', epoch: 1 })),
    ).toMatchObject({
      code: 'DialogueNotOpen',
      payload: { dialogueId: 'e-void', reason: 'no such dialogue' },
    });
    expect(await dialogues.tensionHistory('e-void', 'T1')).toEqual([]);
  });

  it('refuses a second tension of one id with TransactionCancelledError naming the tension', async () => {
    await open('e-tension');
    await dialogues.raiseTension('e-tension', { tensionId: 'T1', description: 'd', actor: 'a', epoch: 1 });
    const error = await failure(
      dialogues.raiseTension('e-tension', { tensionId: 'T1', description: 'again', actor: 'b', epoch: 2 }),
    );
    expect(error).toBeInstanceOf(TransactionCancelledError);
    expect((error as TransactionCancelledError).payload.reasons.map((reason) => reason.item.entity)).toEqual([
      'tension',
    ]);
    expect((await dialogues.tensionHistory('e-tension', 'T1')).map((event) => event.epoch)).toEqual([1]);
  });

  it('moves to the next round while open, and refuses once the dialogue is closed', async () => {
    await open('e-rounds');
    expect(await dialogues.nextRound('e-rounds')).toBe(1);
    await dialogues.db.entity('dialogue').transition({ dialogueId: 'e-rounds' }, { from: 'open', to: 'closed' });
    expect(await failure(dialogues.nextRound('e-rounds'))).toMatchObject({
      code: 'DialogueNotOpen',
      payload: { reason: 'dialogue is not open' },
    });
  });

  it('refuses an expert its schemas reject with ValidationError', async () => {
    await open('e-invalid');
    expect(
      await failure(dialogues.addExpert('e-invalid', { name: 'x', role: 'r', tier: 'high' as never })),
    ).toBeInstanceOf(ValidationError);
  });
});
