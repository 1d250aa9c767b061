import type Database from 'better-sqlite3';
import type { Item } from '../values/attribute-value.js';

/** A keyset-paged read: rows start with the position columns and end with `data`. */
export interface PageQuery {
  /** The first page, when there is no start position. Ends in `LIMIT ?`. */
  readonly fromStart: PreparedRead;
  /** A page after a position: its parameters come before the position's. Ends in `LIMIT ?`. */
  readonly afterPosition: PreparedRead;
  readonly positionWidth: number;
  /** Stop after this many items (the caller's DynamoDB `Limit`). */
  readonly limit?: number;
}

export interface PreparedRead {
  readonly statement: Database.Statement;
  readonly parameters: readonly unknown[];
}

const firstPageRows = 32;
const largestPageRows = 1024;

/**
 * Yields the items of a keyset-paged read, fetching growing pages of rows. Pages are read
 * to completion (`.all()`), so no statement stays open while the caller works: callers
 * may write between items, and an abandoned iterator holds nothing.
 */
export function* readPages(query: PageQuery, startPosition: readonly unknown[] | undefined): IterableIterator<Item> {
  let remaining = query.limit ?? Number.POSITIVE_INFINITY;
  let position = startPosition;
  let pageRows = firstPageRows;
  const fromStart = query.fromStart.statement.raw();
  const afterPosition = query.afterPosition.statement.raw();
  while (remaining > 0) {
    const rows = Math.min(pageRows, remaining);
    const page = (
      position === undefined
        ? fromStart.all(...query.fromStart.parameters, rows)
        : afterPosition.all(...query.afterPosition.parameters, ...position, rows)
    ) as unknown[][];
    for (const row of page) yield JSON.parse(row[query.positionWidth] as string) as Item;
    if (page.length < rows) return;
    remaining -= page.length;
    position = page[page.length - 1].slice(0, query.positionWidth);
    pageRows = Math.min(pageRows * 2, largestPageRows);
  }
}
