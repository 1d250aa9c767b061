import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Item } from '../values/attribute-value.js';
import { itemSize } from '../values/index.js';
import type { IndexDefinition, Storage, StoredTableDefinition } from './storage.js';
import { createTable, memoryStorage, n, s, tableDefinition, databaseOf } from './storage.test-support.js';

/*
 * `putItem` takes hints (the stored item read in the same write transaction, the item's
 * size) that let it skip statements. Whatever the hints (right ones, none, or only the
 * size), the rows it leaves must be the very rows of a store that only ever saw the final
 * items: same item rows, same index rows in every index, byte for byte.
 */

const indexes: { global: IndexDefinition[]; local: IndexDefinition[] } = {
  global: [
    {
      name: 'byStatus',
      kind: 'global',
      partitionKeys: [{ name: 'status', type: 'S' }],
      sortKeys: [{ name: 'rank', type: 'N' }],
      projection: { type: 'ALL' },
    },
    {
      name: 'byOwner',
      kind: 'global',
      partitionKeys: [{ name: 'owner', type: 'S' }],
      sortKeys: [],
      projection: { type: 'KEYS_ONLY' },
    },
  ],
  local: [
    {
      name: 'byRank',
      kind: 'local',
      partitionKeys: [{ name: 'pk', type: 'S' }],
      sortKeys: [{ name: 'rank', type: 'N' }],
      projection: { type: 'INCLUDE', nonKeyAttributes: ['note'] },
    },
  ],
};

function freshTable(): { storage: Storage; table: StoredTableDefinition } {
  const storage = memoryStorage();
  const table = createTable(
    storage,
    tableDefinition('jobs', { name: 'pk', type: 'S' }, { name: 'sk', type: 'S' }, indexes),
  );
  // TTL on, so that the expiry column is written too.
  storage.updateTable({ ...table, timeToLive: { enabled: true, attributeName: 'expires' } });
  return { storage, table: storage.requireTable('jobs') };
}

/** Every stored row of the table and its index tables, but the insertion time. */
function rows(storage: Storage): unknown {
  const database = databaseOf(storage);
  const tables = database
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'jobs%' ORDER BY name`)
    .pluck()
    .all() as string[];
  return tables.map((name) => {
    const columns = (database.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[])
      .map((column) => column.name)
      .filter((column) => column !== 'created_at');
    const list = columns.map((column) => `"${column}"`).join(', ');
    return [name, database.prepare(`SELECT ${list} FROM "${name}" ORDER BY ${list}`).raw().all()];
  });
}

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const itemArbitrary: fc.Arbitrary<Item> = fc
  .record({
    pk: fc.constantFrom('a', 'b'),
    sk: fc.constantFrom('1', '2'),
    status: optional(fc.oneof(fc.constantFrom('open', 'done').map(s), fc.constant(n('1')))),
    rank: optional(fc.integer({ min: -3, max: 3 }).map((value) => n(String(value)))),
    owner: optional(fc.constantFrom('ann', 'bob').map(s)),
    note: optional(fc.constantFrom('x', 'yy').map(s)),
    expires: optional(fc.integer({ min: 1, max: 3 }).map((value) => n(String(value * 1000)))),
  })
  .map((fields) => {
    const item: Item = { pk: s(fields.pk), sk: s(fields.sk) };
    for (const name of ['status', 'rank', 'owner', 'note', 'expires'] as const) {
      const value = fields[name];
      if (value !== undefined) item[name] = value;
    }
    return item;
  });

/** `alone`: outside any transaction, where storage may write a new unindexed item in one statement. */
type HintMode = 'previous' | 'none' | 'size' | 'alone';

function put(storage: Storage, table: StoredTableDefinition, item: Item, mode: HintMode): void {
  if (mode === 'alone') {
    storage.putItem(table, item, { size: itemSize(item) });
    return;
  }
  storage.writeTransaction(() => {
    if (mode === 'none') storage.putItem(table, item);
    else if (mode === 'size') storage.putItem(table, item, { size: itemSize(item) });
    else storage.putItem(table, item, { previous: storage.getItem(table, item) ?? null, size: itemSize(item) });
  });
}

describe('putItem with hints', () => {
  it('leaves the rows a store holding only the final items has, whatever the hints', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(itemArbitrary, fc.constantFrom<HintMode>('previous', 'none', 'size', 'alone')), {
          maxLength: 12,
        }),
        (puts) => {
          const { storage, table } = freshTable();
          const final = new Map<string, Item>();
          for (const [item, mode] of puts) {
            put(storage, table, item, mode);
            final.set(JSON.stringify([item.pk, item.sk]), item);
          }
          const reference = freshTable();
          for (const item of final.values())
            reference.storage.writeTransaction(() => reference.storage.putItem(reference.table, item));
          expect(rows(storage)).toEqual(rows(reference.storage));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('writes correctly after deletes, with the item read before each put', () => {
    const { storage, table } = freshTable();
    const item = { pk: s('a'), sk: s('1'), status: s('open'), rank: n('1'), owner: s('ann') };
    put(storage, table, item, 'previous');
    storage.deleteItem(table, item);
    put(storage, table, { ...item, status: s('done') }, 'previous');
    const reference = freshTable();
    reference.storage.putItem(reference.table, { ...item, status: s('done') });
    expect(rows(storage)).toEqual(rows(reference.storage));
  });
});
