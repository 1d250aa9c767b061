import type { SortRange } from './sort-range.js';
import type { IndexDefinition } from './storage.js';

/* The SQL shapes of a table's paged reads (table-reads.ts): limits, position columns, scan orders. */

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
