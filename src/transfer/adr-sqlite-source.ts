import type * as Database from '../engine/storage/sqlite-driver.js';
import { openSqliteDatabase, SqliteBindingError } from '../engine/storage/open-sqlite-database.js';
import type { WireItem } from './export-json.js';
import { AdrMappingError, adrRowToItem, type AdrRow } from './adr-item.js';
import { AdrRowError, InvalidLocationError } from './errors.js';
import type { ItemSource } from './item-source.js';
import { adrTableDefinition } from './table-definition.js';

const requiredColumns = ['pk', 'sk', 'data', 'created_at'] as const;
/** Rows read per synchronous step, so the event loop (progress bar, writes) keeps turning. */
const rowsPerStep = 500;

/**
 * Reads a plain SQLite table in the ADR's shape (`pk`, `sk`, `data` JSON, `created_at`) —
 * an application that followed the ADR by hand moves into monotable and DynamoDB this way.
 * The file is opened read-only. See `adrRowToItem` for the mapping.
 *
 * @example
 * const source = adrSqliteSource('blue.db', 'blue_dialogue');
 * for await (const item of source.items()) …
 */
export function adrSqliteSource(path: string, tableName: string): ItemSource {
  const location = `adr-sqlite:${path}?table=${tableName}`;
  let database: Database.Database;
  try {
    database = openSqliteDatabase(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    if (error instanceof SqliteBindingError) throw error;
    throw new InvalidLocationError(location, (error as Error).message);
  }
  const columns = database.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(tableName) as string[];
  const missing = requiredColumns.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    database.close();
    throw new InvalidLocationError(
      location,
      columns.length === 0
        ? `no table named ${tableName}`
        : `table ${tableName} lacks the column(s) ${missing.join(', ')}`,
    );
  }
  const quoted = `"${tableName.replaceAll('"', '""')}"`;
  return {
    description: location,
    tableDefinition: async () => adrTableDefinition,
    estimatedCount: async () => database.prepare(`SELECT count(*) FROM ${quoted}`).pluck().get() as number,
    async *items(): AsyncGenerator<WireItem> {
      // Keyset pagination rather than one long iterate(): the statement stays short and the
      // reader never holds the file across awaits.
      const first = database
        .prepare(`SELECT pk, sk, data, created_at FROM ${quoted} ORDER BY pk, sk LIMIT ?`)
        .safeIntegers(true);
      const next = database
        .prepare(`SELECT pk, sk, data, created_at FROM ${quoted} WHERE (pk, sk) > (?, ?) ORDER BY pk, sk LIMIT ?`)
        .safeIntegers(true);
      let rows = first.all(rowsPerStep) as AdrRow[];
      while (rows.length > 0) {
        for (const row of rows) yield toItem(row, tableName);
        if (rows.length < rowsPerStep) break;
        const last = rows[rows.length - 1];
        rows = next.all(last.pk, last.sk, rowsPerStep) as AdrRow[];
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
    close: async () => {
      database.close();
    },
  };
}

function toItem(row: AdrRow, tableName: string): WireItem {
  try {
    return adrRowToItem(row);
  } catch (error) {
    if (error instanceof AdrMappingError)
      throw new AdrRowError(tableName, String(row.pk), String(row.sk), error.message);
    throw error;
  }
}
