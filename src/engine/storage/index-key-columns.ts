import type { AttributeValue } from '../values/attribute-value.js';
import { encodeCompositeElement, encodeCompositeKey, encodeCompositePrefix } from '../values/encode-composite-key.js';
import { encodeKeyValue } from '../values/index.js';
import { segmentHash } from './segment-hash.js';
import { prefixSuccessor, sortRange, type Bound, type KeyColumnValue, type SortRange } from './sort-range.js';
import type { IndexDefinition, KeyAttribute, RangeRequest } from './storage.js';

/*
 * The `ipk` / `isk` columns of an index table. A single-attribute key is stored as the
 * attribute's encodeKeyValue form (TEXT or BLOB), as it always was; a multi-attribute key
 * (two or more partition, or two or more sort attributes) as one order-preserving BLOB of
 * the value tuple (encode-composite-key.ts). A Query on a multi-attribute index is then
 * still one `ipk = ?` seek and one `isk` range, so its cost stays flat in the table size.
 */

/** Sort-key column value of hash-only tables and indexes (every item of a partition is alone in it). */
export const NO_SORT_KEY = '';

/** Whether these key attributes are stored as one composite column. */
export function isComposite(keys: readonly KeyAttribute[]): boolean {
  return keys.length > 1;
}

/** The SQLite column type of a key column over these attributes. */
export function keyColumnTypeOf(keys: readonly KeyAttribute[]): 'TEXT' | 'BLOB' {
  if (isComposite(keys)) return 'BLOB';
  return keys[0]?.type === 'B' ? 'BLOB' : 'TEXT';
}

function columnOf(keys: readonly KeyAttribute[], values: readonly AttributeValue[]): KeyColumnValue {
  if (keys.length === 0) return NO_SORT_KEY;
  return isComposite(keys) ? encodeCompositeKey(values) : encodeKeyValue(values[0]);
}

/** The `ipk` column of an entry with these partition values. */
export function indexPartitionColumn(index: IndexDefinition, values: readonly AttributeValue[]): KeyColumnValue {
  return columnOf(index.partitionKeys, values);
}

/** The `isk` column of an entry with these sort values. */
export function indexSortColumn(index: IndexDefinition, values: readonly AttributeValue[]): KeyColumnValue {
  return columnOf(index.sortKeys, values);
}

/**
 * The value whose hash is an entry's `seg` (parallel scan segment): its one partition
 * value, or the composite partition column as a binary value.
 */
export function indexSegmentValue(
  index: Pick<IndexDefinition, 'partitionKeys'>,
  values: readonly AttributeValue[],
): AttributeValue {
  if (!isComposite(index.partitionKeys)) return values[0];
  return { B: encodeCompositeKey(values).toString('base64') };
}

/** The `seg` of an entry with these partition values. */
export function indexSegment(index: IndexDefinition, values: readonly AttributeValue[]): number {
  return segmentHash(indexSegmentValue(index, values));
}

function bound(value: KeyColumnValue, inclusive: boolean): Bound {
  return { value, inclusive };
}

/** Everything that starts with `prefix`: `[prefix, successor)`. */
function prefixRange(prefix: Buffer): SortRange {
  const successor = prefixSuccessor(prefix);
  return { lower: bound(prefix, true), upper: successor === undefined ? undefined : bound(successor, false) };
}

/**
 * The `isk` range of a key condition on a multi-attribute sort key: equality on the first
 * sort attributes (`sortPrefix`), then optionally one condition on the next. Every bound
 * is a byte string in composite form, so the range is contiguous in the index.
 */
function compositeSortRange(
  sortPrefix: readonly AttributeValue[],
  condition: RangeRequest['sortCondition'],
): SortRange {
  const prefix = encodeCompositeKey(sortPrefix);
  if (condition === undefined) return prefix.length === 0 ? {} : prefixRange(prefix);
  const [first, second] = condition.values;
  const element = (value: AttributeValue) => Buffer.concat([prefix, encodeCompositeElement(value)]);
  // Every value whose element equals v starts with element(v); successor(element(v)) is past all of them.
  const past = (value: AttributeValue) => prefixSuccessor(element(value)) as Buffer;
  const within: SortRange = prefix.length === 0 ? {} : prefixRange(prefix);
  switch (condition.operator) {
    case '=':
      return prefixRange(element(first));
    case '<':
      return { lower: within.lower, upper: bound(element(first), false) };
    case '<=':
      return { lower: within.lower, upper: bound(past(first), false) };
    case '>':
      return { lower: bound(past(first), true), upper: within.upper };
    case '>=':
      return { lower: bound(element(first), true), upper: within.upper };
    case 'BETWEEN':
      return { lower: bound(element(first), true), upper: bound(past(second), false) };
    case 'BEGINS_WITH':
      return prefixRange(Buffer.concat([prefix, encodeCompositePrefix(first)]));
  }
}

/** The `isk` range of a Query's sort part on `index`. */
export function indexSortRange(index: IndexDefinition, request: RangeRequest): SortRange {
  if (isComposite(index.sortKeys)) return compositeSortRange(request.sortPrefix ?? [], request.sortCondition);
  const condition = request.sortCondition;
  if (condition === undefined || index.sortKeys.length === 0) return {};
  return sortRange(condition.operator, condition.values.map(encodeKeyValue));
}
