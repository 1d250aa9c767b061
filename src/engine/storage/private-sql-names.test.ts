import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { memoryStorage, tableDefinition } from './storage.test-support.js';
import type { IndexDefinition, Storage } from './storage.js';
import type { PrivateSqlNames } from './private-sql-names.js';

/*
 * A private in-memory database names its SQLite tables from a list kept in JavaScript
 * (private-sql-names.ts): it must answer as SQLite's own schema does for every name the
 * naming asks about, so that each table gets the SQLite names it got before.
 */

interface StorageInside {
  database: Database.Database;
  privateSqlNames: PrivateSqlNames | undefined;
  catalog: { isSqlNameTaken(name: string): boolean };
}

const inside = (storage: Storage) => storage as unknown as StorageInside;

/** The SQLite names of every table, as the catalog records them. */
function catalogNames(storage: Storage): string[] {
  return inside(storage)
    .database.prepare<[], { sql_name: string; index_tables: string }>(
      'SELECT sql_name, index_tables FROM monotable_tables ORDER BY name',
    )
    .all()
    .flatMap((row) => [row.sql_name, ...Object.values(JSON.parse(row.index_tables) as Record<string, string>)]);
}

/** Every name in the schema, and the names naming could ask about next to them. */
function probedNames(storage: Storage): string[] {
  const names = inside(storage).database.prepare<[], string>('SELECT lower(name) FROM sqlite_schema').pluck().all();
  return [...new Set(names.flatMap((name) => [name, `${name}~2`, `${name}~3`, `t~${name}`, `${name}#gsi`]))];
}

/** `madeAside`: objects a test made on the database itself, which only the schema knows of. */
function expectSameAnswersAsSqlite(storage: Storage, madeAside: readonly string[] = []): void {
  const { privateSqlNames, catalog } = inside(storage);
  for (const name of probedNames(storage)) {
    // The indexes of a table are not followed: no name naming asks about holds a `:`.
    if (name.includes(':') || madeAside.includes(name)) continue;
    expect(privateSqlNames?.has(name), name).toBe(catalog.isSqlNameTaken(name));
  }
}

const gsi = (name: string, attribute: string): IndexDefinition =>
  ({
    name,
    kind: 'global',
    partitionKeys: [{ name: attribute, type: 'S' }],
    sortKeys: [],
    projection: { type: 'ALL' },
  }) as unknown as IndexDefinition;

/** Makes the catalog refuse a table named `refused` (a trigger) and checks that its CreateTable fails. */
function expectCreateTableRefused(storage: Storage, pk: { readonly name: string; readonly type: 'S' | 'B' }): void {
  inside(storage).database.exec(
    `CREATE TRIGGER "refuse" BEFORE INSERT ON monotable_tables WHEN NEW.name = 'refused' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
  );
  expect(() => storage.createTable(tableDefinition('refused', pk, undefined, { global: [gsi('g', 'a')] }))).toThrow(
    'refused',
  );
}

describe('the SQLite names of a private in-memory database', () => {
  it('are kept in JavaScript and answer as the schema does through clashing creates, updates and deletes', () => {
    const storage = memoryStorage();
    expect(inside(storage).privateSqlNames).toBeDefined();
    expectSameAnswersAsSqlite(storage);
    // Binary keys: outside the table slots (private-table-slots.ts), so each table is named.
    const pk = { name: 'pk', type: 'B' } as const;
    // Names the template's own tables hold, case-insensitively, and SQLite's reserved prefix.
    for (const name of ['monotable_tables', 'MONOTABLE_META', 'sqlite_things', 'Orders', 'orders', 'ORDERS']) {
      storage.createTable(tableDefinition(name, pk, undefined, { global: [gsi('GSI', 'a'), gsi('gsi~2', 'b')] }));
      expectSameAnswersAsSqlite(storage);
    }
    expect(catalogNames(storage)).toEqual([
      'MONOTABLE_META~2',
      'MONOTABLE_META~2#GSI',
      'MONOTABLE_META~2#gsi~2',
      'ORDERS~3',
      'ORDERS~3#GSI',
      'ORDERS~3#gsi~2',
      'Orders',
      'Orders#GSI',
      'Orders#gsi~2',
      'monotable_tables~2',
      'monotable_tables~2#GSI',
      'monotable_tables~2#gsi~2',
      'orders~2',
      'orders~2#GSI',
      'orders~2#gsi~2',
      't~sqlite_things',
      't~sqlite_things#GSI',
      't~sqlite_things#gsi~2',
    ]);
    // A deleted table's SQLite tables stay until the next CreateTable drops them.
    storage.deleteTable('Orders');
    expectSameAnswersAsSqlite(storage);
    storage.createTable(tableDefinition('oRdErS', pk));
    expectSameAnswersAsSqlite(storage);
    expect(catalogNames(storage)).toContain('oRdErS');
    // An index dropped and another added by UpdateTable.
    const orders = storage.requireTable('orders');
    storage.updateTable({ ...orders, globalIndexes: [gsi('gsi', 'c')] });
    expectSameAnswersAsSqlite(storage);
    expect(catalogNames(storage)).toContain('orders~2#gsi~3');
  });

  it('are as before a CreateTable that failed', () => {
    const storage = memoryStorage();
    const { database } = inside(storage);
    const pk = { name: 'pk', type: 'B' } as const;
    // The catalog refuses the entry after the table's DDL ran: the savepoint undoes both.
    expectCreateTableRefused(storage, pk);
    expectSameAnswersAsSqlite(storage, ['refuse']);
    expect(inside(storage).privateSqlNames?.has('refused')).toBe(false);
    database.exec('DROP TRIGGER "refuse"');
    storage.createTable(tableDefinition('refused', pk));
    expect(catalogNames(storage)).toEqual(['refused']);
  });

  it('leave the table slots free after a CreateTable that failed', () => {
    const storage = memoryStorage();
    const pk = { name: 'pk', type: 'S' } as const;
    expectCreateTableRefused(storage, pk);
    storage.createTable(tableDefinition('taken', pk, undefined, { global: [gsi('g', 'a')] }));
    expect(catalogNames(storage)).toEqual(['~items~1', '~index~1']);
  });
});
