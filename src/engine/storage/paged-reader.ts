import type Database from 'better-sqlite3';
import { StoredRow } from './stored-row.js';

/** A keyset-paged read: rows are `rowid, data, size`. Statements are in raw mode (rows as arrays). */
export interface PageQuery {
  /** The first page, when there is no start position. Ends in `LIMIT ?`. */
  readonly fromStart: PreparedRead;
  /** A page after a position: its parameters come before the position's. Ends in `LIMIT ?`. */
  readonly afterPosition: PreparedRead;
  /** The position columns of one row, by rowid (`SELECT <position> FROM … WHERE rowid = ?`). */
  readonly positionOfRow: Database.Statement;
  /** Stop after this many items (the caller's DynamoDB `Limit`). */
  readonly limit?: number;
}

export interface PreparedRead {
  readonly statement: Database.Statement;
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
export function* readPages(query: PageQuery, startPosition: readonly unknown[] | undefined): IterableIterator<StoredRow> {
  let remaining = query.limit ?? Number.POSITIVE_INFINITY;
  let position = startPosition;
  let pageRows = query.limit === undefined ? firstPageRows : Math.max(1, Math.min(query.limit, firstPageRowsWithLimit));
  const fromStart = query.fromStart.statement;
  const afterPosition = query.afterPosition.statement;
  const positionOfRow = query.positionOfRow;
  while (remaining > 0) {
    const rows = Math.min(pageRows, remaining);
    const page = (
      position === undefined
        ? fromStart.all(...query.fromStart.parameters, rows)
        : afterPosition.all(...query.afterPosition.parameters, ...position, rows)
    ) as unknown[][];
    const more = page.length === rows && remaining > rows;
    // Read before any item is yielded: the caller may write between items.
    if (more) position = positionOfRow.get(page[page.length - 1][0]) as unknown[];
    for (const row of page) yield new StoredRow(row[1] as string, row[2] as number);
    if (!more) return;
    remaining -= page.length;
    pageRows = Math.min(pageRows * 2, largestPageRows);
  }
}
