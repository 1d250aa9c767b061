import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from '../../src/model/index.js';
import { ConditionFailedError, ItemAlreadyExistsError, type TableRepository } from '../../src/repository/index.js';
import { createCursorCodec } from '../../src/repository/cursor.js';
import { describeEachEngine } from '../support/engines.js';
import { openModelTable, rejectionOf } from './support/open-table.js';

/** Ledger entries keyed on a bigint sequence number: key templates accept bigints (`KeyPartValue`). */
function ledgerModel() {
  const table = defineTable({ name: 'ledger' });
  const entry = defineEntity(table, {
    name: 'entry',
    attributes: { account: z.string(), seq: z.bigint(), amount: z.number() },
    key: { pk: 'ACCOUNT#{account}', sk: 'SEQ#{seq:20}' },
  });
  const block = defineEntity(table, {
    name: 'block',
    attributes: { height: z.bigint(), hash: z.string() },
    key: { pk: 'BLOCK#{height}', sk: 'META' },
  });
  return defineModel({
    table,
    entities: [entry, block],
    accessPatterns: {
      listEntries: { description: 'Entries of an account', entities: ['entry'], key: { pk: 'ACCOUNT#{account}' } },
      getBlock: {
        description: 'Block by height',
        entities: ['block'],
        key: { pk: 'BLOCK#{height}', sk: { equals: 'META' } },
      },
    },
  });
}

describeEachEngine('bigint key parts', (engine) => {
  let db: TableRepository<ReturnType<typeof ledgerModel>>;
  const big = 12345678901234567891n;
  beforeAll(async () => {
    db = await openModelTable(engine, ledgerModel());
    for (const seq of [big, 7n, big + 1n]) await db.entity('entry').create({ account: 'a', seq, amount: 1 });
    await db.entity('block').create({ height: big, hash: 'h' });
  });

  it('reads an item back by a bigint key part beyond Number.MAX_SAFE_INTEGER', async () => {
    expect(await db.entity('block').get({ height: big }, { consistent: true })).toEqual({ height: big, hash: 'h' });
  });

  it('queries a pattern whose parameter is a bigint', async () => {
    expect((await db.query('getBlock', { height: big })).items).toEqual([{ height: big, hash: 'h' }]);
  });

  it('pages through items sorted by a zero-padded bigint key part', async () => {
    const first = await db.query('listEntries', { account: 'a' }, { limit: 2 });
    const rest = await db.query('listEntries', { account: 'a' }, { cursor: first.cursor as string });
    // The DocumentClient reads a number within the safe range as a number, beyond it as a bigint.
    expect([...first.items, ...rest.items].map((e) => BigInt(e.seq))).toEqual([7n, big, big + 1n]);
  });

  it('pages by a bigint parameter: the cursor is bound to it', async () => {
    await db.entity('block').create({ height: big + 5n, hash: 'x' });
    const page = await db.query('getBlock', { height: big + 5n }, { limit: 1 });
    expect(page.items.map((b) => b.hash)).toEqual(['x']);
  });

  it('names a taken bigint key in ItemAlreadyExistsError', async () => {
    const error = await rejectionOf(db.entity('block').create({ height: big, hash: 'again' }));
    expect(error).toBeInstanceOf(ItemAlreadyExistsError);
    expect((error as ItemAlreadyExistsError).payload.key).toEqual({ height: big });
    expect((error as Error).message).toBe('block {"height":"12345678901234567891"} already exists');
  });

  it('names a bigint condition in ConditionFailedError', async () => {
    const error = await rejectionOf(
      db.entity('block').update({ height: big }, { set: { hash: 'n' } }, { where: { height: 1n } }),
    );
    expect(error).toBeInstanceOf(ConditionFailedError);
    expect((error as Error).message).toContain('condition {"height":"1"} does not hold');
  });
});

it('a cursor carries a bigint key value (a number attribute of an attribute-keyed index) back as a bigint', () => {
  const cursors = createCursorCodec('secret');
  const state = { pk: 'A', sk: 'B', rank: big64() };
  expect(cursors.decode('l', cursors.encode('l', state))).toEqual(state);
});

function big64(): bigint {
  return 2n ** 64n;
}
