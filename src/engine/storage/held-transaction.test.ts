import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultWritesPerCommit, HeldTransaction } from './transactions.js';
import { openSqliteStorage } from './sqlite-storage.js';
import type { IndexDefinition, Storage, StoredTableDefinition } from './storage.js';
import {
  createTable,
  memoryStorage,
  s,
  tableDefinition,
  temporaryFile,
  track,
  parsedReads,
  databaseOf,
} from './storage.test-support.js';

/*
 * A private in-memory database keeps one SQLite transaction open across writes, each
 * write transaction a savepoint in it (held-transaction.ts). Whatever the history of
 * writes, failed ones included, it must leave the rows a file database (plain
 * BEGIN/COMMIT per write) leaves.
 */

describe('HeldTransaction', () => {
  it('stays open between writes and commits after every writesPerCommit writes', () => {
    const database = new Database(':memory:');
    try {
      database.exec('CREATE TABLE t (v INTEGER)');
      const held = new HeldTransaction(database, 3);
      const insert = database.prepare('INSERT INTO t (v) VALUES (?)');
      const write = database.transaction((value: number) => insert.run(value));
      for (const value of [1, 2]) {
        held.open();
        write(value);
        held.wrote();
        expect(database.inTransaction).toBe(true);
      }
      held.open();
      write(3);
      held.wrote();
      expect(database.inTransaction).toBe(false);
      expect(database.prepare('SELECT count(*) FROM t').pluck().get()).toBe(3);
    } finally {
      database.close();
    }
  });
});

const byColour: IndexDefinition = {
  name: 'byColour',
  kind: 'global',
  partitionKeys: [{ name: 'colour', type: 'S' }],
  sortKeys: [],
  projection: { type: 'ALL' },
};

function open(storage: Storage): { storage: Storage; table: StoredTableDefinition } {
  const table = createTable(
    storage,
    tableDefinition('t', { name: 'pk', type: 'S' }, undefined, { global: [byColour] }),
  );
  return { storage, table };
}

type Operation =
  | { readonly kind: 'put'; readonly key: string; readonly colour?: string }
  | { readonly kind: 'delete'; readonly key: string }
  | { readonly kind: 'failing'; readonly operations: readonly Operation[] };

function apply({ storage, table }: { storage: Storage; table: StoredTableDefinition }, operation: Operation): void {
  switch (operation.kind) {
    case 'put':
      storage.putItem(
        table,
        operation.colour === undefined
          ? { pk: s(operation.key) }
          : { pk: s(operation.key), colour: s(operation.colour) },
      );
      return;
    case 'delete':
      storage.deleteItem(table, { pk: s(operation.key) });
      return;
    case 'failing':
      try {
        storage.writeTransaction(() => {
          for (const inner of operation.operations) apply({ storage, table }, inner);
          throw new Error('fails after writing');
        });
      } catch {
        // Expected: nothing of it stays.
      }
  }
}

/** Every item and every index entry, in a stable order. */
function contents({ storage, table }: { storage: Storage; table: StoredTableDefinition }): unknown {
  const items = [...parsedReads(storage).scanItems(table, {})].map((item) => JSON.stringify(item)).sort();
  const entries = [...parsedReads(storage).scanItems(table, { indexName: 'byColour' })]
    .map((item) => JSON.stringify(item))
    .sort();
  return { items, entries };
}

const key = fc.constantFrom('a', 'b', 'c', 'd');
const colour = fc.option(fc.constantFrom('red', 'blue'), { nil: undefined });
const simpleOperation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), key, colour }),
  fc.record({ kind: fc.constant('delete' as const), key }),
);
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 3, arbitrary: simpleOperation },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('failing' as const),
      operations: fc.array(simpleOperation, { minLength: 1, maxLength: 4 }),
    }),
  },
);

describe('writes on a private in-memory database', () => {
  it('leave the rows a file database leaves, failed write transactions included', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), (history) => {
        const memory = open(memoryStorage());
        const file = open(track(openSqliteStorage({ path: temporaryFile() })));
        for (const step of history) {
          apply(memory, step);
          apply(file, step);
        }
        expect(contents(memory)).toEqual(contents(file));
        memory.storage.close();
        file.storage.close();
      }),
      { numRuns: 40 },
    );
  });

  it('keep every write across the held transaction’s commits, and undo only failed ones', () => {
    const memory = open(memoryStorage());
    const file = open(track(openSqliteStorage({ path: temporaryFile() })));
    const writes = 2 * defaultWritesPerCommit + 100;
    for (let index = 0; index < writes; index++) {
      const step: Operation =
        index % 7 === 3
          ? {
              kind: 'failing',
              operations: [
                { kind: 'delete', key: `k${index % 50}` },
                { kind: 'put', key: `new${index}` },
              ],
            }
          : index % 11 === 5
            ? { kind: 'delete', key: `k${(index * 3) % 50}` }
            : { kind: 'put', key: `k${index % 50}`, colour: index % 2 ? 'red' : undefined };
      apply(memory, step);
      apply(file, step);
    }
    expect(databaseOf(memory.storage).inTransaction).toBe(true);
    expect(contents(memory)).toEqual(contents(file));
  });
});
