import type * as Database from './sqlite-driver.js';
import { keyColumnTypeOf } from './index-key-columns.js';
import type { KeyAttribute } from './storage.js';
import { createIndexTable, createItemTable } from './table-schema.js';

/**
 * Table slots: empty item and index tables made in the private database template
 * (private-database-template.ts), which a CreateTable on a private in-memory database
 * takes instead of running CREATE TABLE. A table made for one test then costs no DDL:
 * no statement is parsed and none of the connection's statements has to be prepared
 * again for a changed schema, and the connection can go back to the pool unchanged
 * (private-database-pool.ts).
 *
 * A slot has the layout of a table whose key columns are all TEXT (string and number
 * keys, a single attribute each, or none for the sort key: table-schema.ts); a table of
 * another layout gets SQLite tables of its own, as on a file. The catalog records the
 * slot's name as the table's SQLite name, so reads and writes find it as any other. The
 * names begin with `~`, which no name `freeSqlName` makes can (sql-names.ts).
 */
export interface TableSlotNames {
  readonly itemTables: readonly string[];
  readonly indexTables: readonly string[];
}

/** Enough for a table with four indexes, or two tables with two each; each slot is a few empty pages of every copy. */
export const PRIVATE_TABLE_SLOTS: TableSlotNames = {
  itemTables: ['~items~1', '~items~2'],
  indexTables: ['~index~1', '~index~2', '~index~3', '~index~4'],
};

const TEXT_KEY: KeyAttribute = { name: 'slot', type: 'S' };

/** Creates the slots' tables, with the scan-only indexes left for the first scan, as in memory. */
export function createTableSlots(database: Database.Database, slots: TableSlotNames): void {
  for (const name of slots.itemTables) createItemTable(database, name, TEXT_KEY, TEXT_KEY, 'on first scan');
  for (const name of slots.indexTables) {
    createIndexTable(
      database,
      name,
      { partitionKey: TEXT_KEY, sortKey: TEXT_KEY },
      { kind: 'global', partitionKeys: [TEXT_KEY], sortKeys: [TEXT_KEY] },
      'on first scan',
    );
  }
}

const isText = (keys: readonly KeyAttribute[]): boolean => keyColumnTypeOf(keys) === 'TEXT';
const keysOf = (key: KeyAttribute | undefined): KeyAttribute[] => (key ? [key] : []);

/**
 * The slots of one private database not taken yet. A deleted table's slots are emptied
 * and given back while no DDL has run on the database (`templateSchema`): until then a
 * slot has only the template's indexes, never a scan index made for an earlier table.
 */
export class PrivateTableSlots {
  private itemTables: string[];
  private indexTables: string[];
  private readonly slotNames: ReadonlySet<string>;

  constructor(
    private readonly slots: TableSlotNames,
    /** Whether the database's schema is still the template's. */
    private readonly templateSchema: () => boolean,
  ) {
    this.itemTables = [...slots.itemTables];
    this.indexTables = [...slots.indexTables];
    this.slotNames = new Set([...slots.itemTables, ...slots.indexTables]);
  }

  /** Of a deleted table's SQLite tables, the slots that can be emptied and given back. */
  reusable(sqlNames: readonly string[]): string[] {
    const slots = sqlNames.filter((name) => this.slotNames.has(name));
    return slots.length > 0 && this.templateSchema() ? slots : [];
  }

  /** Slots emptied by the caller, free again (taken first, so a table made again gets the same ones). */
  giveBack(sqlNames: readonly string[]): void {
    for (const name of [...sqlNames].reverse()) {
      if (this.slots.itemTables.includes(name)) this.itemTables.unshift(name);
      else this.indexTables.unshift(name);
    }
  }

  /** A free item table for a table with these keys, taken; `undefined` when none fits. */
  takeItemTable(partitionKey: KeyAttribute, sortKey: KeyAttribute | undefined): string | undefined {
    if (!isText([partitionKey]) || !isText(keysOf(sortKey))) return undefined;
    return this.itemTables.shift();
  }

  /** A free index table for an index of this table (whose keys it holds too), taken; `undefined` when none fits. */
  takeIndexTable(
    table: { readonly partitionKey: KeyAttribute; readonly sortKey?: KeyAttribute },
    index: { readonly partitionKeys: readonly KeyAttribute[]; readonly sortKeys: readonly KeyAttribute[] },
  ): string | undefined {
    if (!isText([table.partitionKey]) || !isText(keysOf(table.sortKey))) return undefined;
    if (!isText(index.partitionKeys) || !isText(index.sortKeys)) return undefined;
    return this.indexTables.shift();
  }

  /** Runs `work`, which takes slots; if it throws (its transaction rolled back), no slot stays taken. */
  change<T>(work: () => T): T {
    const itemTables = [...this.itemTables];
    const indexTables = [...this.indexTables];
    try {
      return work();
    } catch (error) {
      this.itemTables = itemTables;
      this.indexTables = indexTables;
      throw error;
    }
  }
}
