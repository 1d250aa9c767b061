import type * as Database from './sqlite-driver.js';
import { tableDefinitionFromJson, tableDefinitionJson } from './index-definition-json.js';
import type { StoredTableDefinition } from './storage.js';

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

/** Creates the catalog tables unless the file has them, recording the current format in a new one. */
export function createCatalogTables(database: Database.Database): void {
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
}

/** A catalog row: a table's definition plus the SQLite names behind it. */
export interface CatalogEntry {
  readonly definition: StoredTableDefinition;
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

/**
 * Reads and writes of the catalog tables. Statements are prepared on first use: a fresh
 * in-memory engine (one per test, say) runs few of them, and SQLite re-prepares every
 * statement prepared before a table is created or dropped the next time it runs anyway.
 */
export class Catalog {
  private selectVersion: Database.Statement<[], string | undefined> | undefined;
  private bumpVersion: Database.Statement | undefined;
  private selectAll: Database.Statement<[], CatalogRow> | undefined;
  private upsert: Database.Statement | undefined;
  private remove: Database.Statement | undefined;
  private selectSqlName: Database.Statement<[string], number | undefined> | undefined;

  /**
   * `trackVersion: false` (a private in-memory database, which no other connection can see)
   * leaves `catalog_version` as it is on every change: nobody is there to compare it. The
   * catalog tables must exist (`createCatalogTables`).
   */
  constructor(
    private readonly database: Database.Database,
    private readonly trackVersion: boolean = true,
  ) {}

  /** The layout version of the file (older ones are migrated when opened). */
  formatVersion(): number {
    return Number(this.database.prepare(`SELECT value FROM monotable_meta WHERE key = 'format_version'`).pluck().get());
  }

  setFormatVersion(version: number): void {
    this.database.prepare(`UPDATE monotable_meta SET value = ? WHERE key = 'format_version'`).run(String(version));
  }

  version(): string {
    this.selectVersion ??= this.database
      .prepare<[], string | undefined>(`SELECT value FROM monotable_meta WHERE key = 'catalog_version'`)
      .pluck();
    return this.selectVersion.get() ?? '0';
  }

  readAll(): Map<string, CatalogEntry> {
    this.selectAll ??= this.database.prepare<[], CatalogRow>(
      'SELECT name, sql_name, index_tables, definition FROM monotable_tables',
    );
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
    this.upsert ??= this.database.prepare(
      `INSERT INTO monotable_tables (name, sql_name, index_tables, definition) VALUES (?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET sql_name = excluded.sql_name,
         index_tables = excluded.index_tables, definition = excluded.definition`,
    );
    this.upsert.run(
      entry.definition.name,
      entry.sqlName,
      JSON.stringify(entry.indexTables),
      tableDefinitionJson(entry.definition),
    );
    this.bump();
  }

  delete(name: string): void {
    this.remove ??= this.database.prepare('DELETE FROM monotable_tables WHERE name = ?');
    this.remove.run(name);
    this.bump();
  }

  private bump(): void {
    if (!this.trackVersion) return;
    this.bumpVersion ??= this.database.prepare(
      `UPDATE monotable_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'catalog_version'`,
    );
    this.bumpVersion.run();
  }

  /** Whether an SQLite table or index of this (lower-case) name exists. */
  isSqlNameTaken(lowerCaseName: string): boolean {
    this.selectSqlName ??= this.database
      .prepare<[string], number | undefined>('SELECT 1 FROM sqlite_schema WHERE lower(name) = ?')
      .pluck();
    return this.selectSqlName.get(lowerCaseName) !== undefined;
  }
}
