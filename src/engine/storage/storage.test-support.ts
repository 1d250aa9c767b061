import type * as Database from './sqlite-driver.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openSqliteStorage } from './sqlite-storage.js';
import type { Item } from '../values/attribute-value.js';
import type {
  IndexDefinition,
  KeyAttribute,
  RangeRequest,
  ScanRequest,
  Storage,
  StoredItem,
  StoredTableDefinition,
} from './storage.js';

/** Test helpers for the storage suites: storages closed and files removed after each test. */
const open: Storage[] = [];
const directories: string[] = [];

afterEach(() => {
  for (const storage of open.splice(0)) storage.close();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

export function memoryStorage(): Storage {
  return track(openSqliteStorage({ inMemory: true }));
}

export function track(storage: Storage): Storage {
  open.push(storage);
  return storage;
}

export function temporaryFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'monotable-storage-'));
  directories.push(directory);
  return join(directory, 'tables.db');
}

export function tableDefinition(
  name: string,
  partitionKey: KeyAttribute,
  sortKey?: KeyAttribute,
  indexes: { global?: IndexDefinition[]; local?: IndexDefinition[] } = {},
): StoredTableDefinition {
  return {
    name,
    partitionKey,
    sortKey,
    globalIndexes: indexes.global ?? [],
    localIndexes: indexes.local ?? [],
    description: { TableName: name },
  };
}

export function createTable(storage: Storage, definition: StoredTableDefinition): StoredTableDefinition {
  storage.createTable(definition);
  return storage.requireTable(definition.name);
}

/** The text of a scalar value (`{ S: 'x' }` → `'x'`). */
export const text = (value: object | undefined): string => Object.values(value ?? {})[0] as string;

export const s = (value: string) => ({ S: value });
export const n = (value: string) => ({ N: value });
export const b = (bytes: number[]) => ({ B: Buffer.from(bytes).toString('base64') });

/** The SQLite tables behind a DynamoDB table, as its catalog row names them. */
export interface SqlTables {
  readonly table: string;
  readonly indexes: Readonly<Record<string, string>>;
}

/** The SQLite tables the catalog of `database` records for the DynamoDB table `name`. */
export function sqlTablesOf(database: Database.Database, name: string): SqlTables {
  const row = database
    .prepare<[string], { sql_name: string; index_tables: string }>(
      'SELECT sql_name, index_tables FROM monotable_tables WHERE name = ?',
    )
    .get(name);
  if (row === undefined) throw new Error(`no catalog row for ${name}`);
  return { table: row.sql_name, indexes: JSON.parse(row.index_tables) as Record<string, string> };
}

/** The engine's SQLite database (a private in-memory one cannot be opened from outside). */
export function databaseOfEngine(engine: object): Database.Database {
  return databaseOf((engine as { context: { storage: Storage } }).context.storage);
}

/** The SQLite connection behind a storage, which the port does not expose: for tests that look under it. */
export function databaseOf(storage: Storage): Database.Database {
  return (storage as unknown as { database: Database.Database }).database;
}

/** `storage`'s item reads with every item parsed into wire form (the suites compare wire items). */
export function parsedReads(storage: Storage) {
  return {
    getItem: (table: StoredTableDefinition, key: Item): Item | undefined => storage.getItem(table, key)?.item,
    queryItems: (table: StoredTableDefinition, request: RangeRequest): IterableIterator<Item> =>
      wireItems(storage.queryItems(table, request)),
    scanItems: (table: StoredTableDefinition, request: ScanRequest): IterableIterator<Item> =>
      wireItems(storage.scanItems(table, request)),
  };
}

function* wireItems(items: Iterable<StoredItem>): IterableIterator<Item> {
  for (const stored of items) yield stored.item;
}
