import type * as Database from './sqlite-driver.js';
import type { SortRange } from './sort-range.js';
import type { IndexDefinition } from './storage.js';
import type { StoredItem } from './stored-item.js';

/* Keyset-paged reads of a table or index (table-reads.ts): their SQL shapes, and the reader that walks their pages. */

/**
 * The row limit of a page, its last parameter. Not a bare `LIMIT ?`: SQLite's planner
 * peeks at a bare LIMIT parameter, so every new binding of it (every read) re-prepares
 * the statement, which cost more than reading a page of small items. The plans are the
 * same either way (the ORDER BY follows an index).
 */
export const PAGE_LIMIT = 'LIMIT ? + 0';

/** Position (ORDER BY) columns of a Query: of the table, and of an index (see table-schema.ts). */
export const TABLE_QUERY_POSITION: readonly string[] = ['sk'];
export const INDEX_QUERY_POSITION: readonly string[] = ['isk', 'tie', 'pk', 'sk'];

/** How a bound shapes the SQL: absent, inclusive or exclusive (its value is a parameter). */
export function boundShape(bound: SortRange['lower']): string {
  if (bound === undefined) return '-';
  return bound.inclusive ? '[' : '(';
}

/**
 * The order an index scan walks, as DynamoDB Local walks it: a GSI by index keys, then
 * `tie`; an LSI like its table, by partition hash, then index sort key and table sort key.
 * Parallel segments need `seg` first. Each list is an SQLite index of the index table.
 */
export function indexScanColumns(kind: IndexDefinition['kind'], segmented: boolean): string[] {
  if (kind === 'local') return ['seg', 'ipk', 'isk', 'pk', 'sk'];
  return segmented ? ['seg', 'ipk', 'isk', 'tie', 'pk', 'sk'] : ['ipk', 'isk', 'tie', 'pk', 'sk'];
}

/**
 * A keyset-paged read: statements select one column, plucked (one string per row):
 * `STORED_ITEM_COLUMN` (stored-item.ts), or `data` alone with `rowOf` reading it.
 */
export interface PageQuery {
  /** The first page, when there is no start position. Ends in its row limit (`LIMIT ? + 0`). */
  readonly fromStart: PreparedRead;
  /** A page after a position: its parameters come before the position's. Ends in its row limit (`LIMIT ? + 0`). */
  readonly afterPosition: PreparedRead;
  /**
   * The position (ORDER BY) columns of a row, computed from its item's keys as they were
   * when the row was written: the next page starts after them.
   */
  readonly positionOf: (row: StoredItem) => unknown[];
  /** Stop after this many items (the caller's DynamoDB `Limit`). */
  readonly limit?: number;
  /** The row of a selected value (`storedItemOf`, or `storedItemWithoutSize` for `data` alone). */
  readonly rowOf: (column: string) => StoredItem;
}

export interface PreparedRead {
  /** The statement, prepared when first asked for: a read that ends on its first page never prepares the one after a position. */
  readonly statement: () => Database.Statement;
  readonly parameters: readonly unknown[];
}

const firstPageRows = 32;
/** With a `Limit`, the first page holds up to this many rows, so small limits take one page. */
const firstPageRowsWithLimit = 64;
const largestPageRows = 1024;

/**
 * Yields the rows of a keyset-paged read, fetching growing pages of rows. Pages are read
 * to completion (`.all()`), so no statement stays open while the caller works: callers
 * may write between items, and an abandoned iterator holds nothing.
 */
export function* readPages(
  query: PageQuery,
  startPosition: readonly unknown[] | undefined,
): IterableIterator<StoredItem> {
  let remaining = query.limit ?? Number.POSITIVE_INFINITY;
  let position = startPosition;
  let pageRows = query.limit === undefined ? firstPageRows : Math.max(1, Math.min(query.limit, firstPageRowsWithLimit));
  const rowOf = query.rowOf;
  while (remaining > 0) {
    const rows = Math.min(pageRows, remaining);
    const page = (
      position === undefined
        ? query.fromStart.statement().all(...query.fromStart.parameters, rows)
        : query.afterPosition.statement().all(...query.afterPosition.parameters, ...position, rows)
    ) as string[];
    const more = page.length === rows && remaining > rows;
    let last: StoredItem | undefined;
    for (let index = 0; index < page.length; index++) {
      last = rowOf(page[index]);
      yield last;
    }
    if (!more || last === undefined) return;
    // Only a caller that reads on needs the position (a parse of the last row, often done already).
    position = query.positionOf(last);
    remaining -= page.length;
    pageRows = Math.min(pageRows * 2, largestPageRows);
  }
}
