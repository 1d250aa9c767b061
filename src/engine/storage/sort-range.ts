import type { RangeRequest } from './storage.js';

type SortCondition = NonNullable<RangeRequest['sortCondition']>;
export type KeyColumnValue = string | Buffer;

export interface Bound {
  readonly value: KeyColumnValue;
  readonly inclusive: boolean;
}

/** A key condition's sort part as a range of encoded sort-key values. */
export interface SortRange {
  readonly lower?: Bound;
  readonly upper?: Bound;
}

/**
 * The range a sort condition selects, with values already in `encodeKeyValue` form.
 * `begins_with` becomes `[prefix, successor)` so the index seek stops at the end of the
 * prefix instead of reading the rest of the partition.
 */
export function sortRange(operator: SortCondition['operator'], values: readonly KeyColumnValue[]): SortRange {
  const [first, second] = values;
  switch (operator) {
    case '=':
      return { lower: { value: first, inclusive: true }, upper: { value: first, inclusive: true } };
    case '<':
      return { upper: { value: first, inclusive: false } };
    case '<=':
      return { upper: { value: first, inclusive: true } };
    case '>':
      return { lower: { value: first, inclusive: false } };
    case '>=':
      return { lower: { value: first, inclusive: true } };
    case 'BETWEEN':
      return { lower: { value: first, inclusive: true }, upper: { value: second, inclusive: true } };
    case 'BEGINS_WITH': {
      const successor = prefixSuccessor(first);
      return {
        lower: { value: first, inclusive: true },
        upper: successor === undefined ? undefined : { value: successor, inclusive: false },
      };
    }
  }
}

/** SQL for one bound on `column`: `column >= ?` and the like. */
export function boundSql(column: string, bound: Bound, side: 'lower' | 'upper'): string {
  if (side === 'lower') return `${column} ${bound.inclusive ? '>=' : '>'} ?`;
  return `${column} ${bound.inclusive ? '<=' : '<'} ?`;
}

/** Orders encoded key values as SQLite's BINARY collation does (UTF-8 bytes / memcmp). */
export function compareKeyColumns(a: KeyColumnValue, b: KeyColumnValue): number {
  const left = typeof a === 'string' ? Buffer.from(a, 'utf8') : a;
  const right = typeof b === 'string' ? Buffer.from(b, 'utf8') : b;
  return Buffer.compare(left, right);
}

/** Whether an encoded sort-key value lies in `range`. */
export function withinSortRange(value: KeyColumnValue, range: SortRange): boolean {
  if (range.lower) {
    const order = compareKeyColumns(value, range.lower.value);
    if (order < 0 || (order === 0 && !range.lower.inclusive)) return false;
  }
  if (range.upper) {
    const order = compareKeyColumns(value, range.upper.value);
    if (order > 0 || (order === 0 && !range.upper.inclusive)) return false;
  }
  return true;
}

/**
 * Orders two read positions (the ORDER BY column values of a row, table-reads.ts) as
 * SQLite's row-value comparison does: column by column, numbers (`seg`) numerically, key
 * columns by bytes.
 */
export function compareReadPositions(a: readonly unknown[], b: readonly unknown[]): number {
  for (let column = 0; column < a.length; column++) {
    const left = a[column];
    const right = b[column];
    const order =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : compareKeyColumns(left as KeyColumnValue, right as KeyColumnValue);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * Whether reading strictly past `position` (on the bound's side) already implies `bound`,
 * i.e. the position lies inside the range: then the bound can be left out of the SQL and
 * SQLite seeks straight to the position (given both, it may seek on the looser one).
 */
export function positionSupersedes(
  position: KeyColumnValue,
  bound: Bound | undefined,
  side: 'lower' | 'upper',
): boolean {
  if (bound === undefined) return true;
  const order = compareKeyColumns(position, bound.value);
  const inside = side === 'lower' ? order > 0 : order < 0;
  return inside || (order === 0 && bound.inclusive);
}

/**
 * The smallest value greater than every value that starts with `prefix`, or `undefined`
 * when there is none (the prefix is all maximal units). Strings compare by code point
 * (UTF-8 byte order), so the last code point is incremented, skipping the surrogates.
 */
export function prefixSuccessor(prefix: KeyColumnValue): KeyColumnValue | undefined {
  if (typeof prefix !== 'string') {
    const bytes = Buffer.from(prefix);
    for (let index = bytes.length - 1; index >= 0; index--) {
      if (bytes[index] < 0xff) {
        bytes[index]++;
        return bytes.subarray(0, index + 1);
      }
    }
    return undefined;
  }
  const codePoints = Array.from(prefix, (character) => character.codePointAt(0) as number);
  for (let index = codePoints.length - 1; index >= 0; index--) {
    const codePoint = codePoints[index];
    if (codePoint < 0x10ffff) {
      const next = codePoint === 0xd7ff ? 0xe000 : codePoint + 1;
      return String.fromCodePoint(...codePoints.slice(0, index), next);
    }
  }
  return undefined;
}
