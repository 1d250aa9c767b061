import type Database from 'better-sqlite3';
import { tableDefinitionFromJson, tableDefinitionJson } from './index-definition-json.js';
import type { TableDefinition } from './storage.js';

/**
 * The catalog: which DynamoDB tables the file holds, their definitions, and the SQLite
 * tables behind them. Two SQLite tables, readable with the sqlite3 shell:
 *
 *   monotable_meta    (key, value)  format_version, catalog_version
 *   monotable_tables  (name, sql_name, index_tables, definition, created_at)
 *
 * `catalog_version` is bumped by every catalog change, so a connection can tell cheaply
 * whether another process changed a definition since it last looked.
 */

/**
 * The layout version this code reads and writes. Bump it (with a migration in
 * format-migration.ts) when the layout changes. 2: `seg` is a SHA-1 prefix, index tables have `tie`.
 * 3: rows have `size`. 4: a GSI keyed on a table key attribute ties by the other one.
 */
export const STORAGE_FORMAT_VERSION = 4;

/** A catalog row: a table's definition plus the SQLite names behind it. */
export interface CatalogEntry {
  readonly definition: TableDefinition;
  /** SQLite table holding the items. */
  readonly sqlName: string;
  /** SQLite table of each index, by index name. */
  readonly indexTables: Readonly<Record<string, string>>;
}

interface CatalogRow {
  name: string;
  sql_name: string;
  index_tables: string;
  definition: string;
}

export class Catalog {
  private readonly selectVersion: Database.Statement<[], string | undefined>;
  private readonly bumpVersion: Database.Statement;
  private readonly selectAll: Database.Statement<[], CatalogRow>;
  private readonly upsert: Database.Statement;
  private readonly remove: Database.Statement;

  constructor(private readonly database: Database.Database) {
    database.exec(`
      CREATE TABLE IF NOT EXISTS monotable_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS monotable_tables (
        name TEXT PRIMARY KEY,
        sql_name TEXT NOT NULL UNIQUE,
        index_tables TEXT NOT NULL,
        definition TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      );
      INSERT OR IGNORE INTO monotable_meta (key, value) VALUES ('format_version', '${STORAGE_FORMAT_VERSION}');
      INSERT OR IGNORE INTO monotable_meta (key, value) VALUES ('catalog_version', '0');
    `);
    this.selectVersion = database
      .prepare<[], string | undefined>(`SELECT value FROM monotable_meta WHERE key = 'catalog_version'`)
      .pluck();
    this.bumpVersion = database.prepare(
      `UPDATE monotable_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'catalog_version'`,
    );
    this.selectAll = database.prepare<[], CatalogRow>(
      'SELECT name, sql_name, index_tables, definition FROM monotable_tables',
    );
    this.upsert = database.prepare(
      `INSERT INTO monotable_tables (name, sql_name, index_tables, definition) VALUES (?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET sql_name = excluded.sql_name,
         index_tables = excluded.index_tables, definition = excluded.definition`,
    );
    this.remove = database.prepare('DELETE FROM monotable_tables WHERE name = ?');
  }

  /** The layout version of the file (older ones are migrated when opened). */
  formatVersion(): number {
    return Number(this.database.prepare(`SELECT value FROM monotable_meta WHERE key = 'format_version'`).pluck().get());
  }

  setFormatVersion(version: number): void {
    this.database.prepare(`UPDATE monotable_meta SET value = ? WHERE key = 'format_version'`).run(String(version));
  }

  version(): string {
    return this.selectVersion.get() ?? '0';
  }

  readAll(): Map<string, CatalogEntry> {
    const entries = new Map<string, CatalogEntry>();
    for (const row of this.selectAll.all()) {
      entries.set(row.name, {
        definition: tableDefinitionFromJson(row.definition),
        sqlName: row.sql_name,
        indexTables: JSON.parse(row.index_tables) as Record<string, string>,
      });
    }
    return entries;
  }

  /** Writes the entry (inside the caller's write transaction). */
  write(entry: CatalogEntry): void {
    this.upsert.run(
      entry.definition.name,
      entry.sqlName,
      JSON.stringify(entry.indexTables),
      tableDefinitionJson(entry.definition),
    );
    this.bumpVersion.run();
  }

  delete(name: string): void {
    this.remove.run(name);
    this.bumpVersion.run();
  }

  /** Whether an SQLite table or index of this (lower-case) name exists. */
  isSqlNameTaken(lowerCaseName: string): boolean {
    return (
      this.database
        .prepare('SELECT 1 FROM sqlite_schema WHERE lower(name) = ?')
        .pluck()
        .get(lowerCaseName) !== undefined
    );
  }
}
