import type { RangeRequest } from '../storage/storage.js';
import type { AttributeValue } from '../values/attribute-value.js';
import { compareValues } from '../values/index.js';

/** The sort-key part of a key condition, as storage takes it. */
export type SortCondition = NonNullable<RangeRequest['sortCondition']>;

/**
 * Whether a sort key value satisfies a key condition's sort-key predicate. Storage
 * applies the predicate itself when reading; this answers it for one value, which
 * DynamoDB needs to reject an `ExclusiveStartKey` outside the query's range.
 */
export function matchesSortCondition(value: AttributeValue, condition: SortCondition): boolean {
  const [first, second] = condition.values;
  if (!sameType(value, first)) return false;
  switch (condition.operator) {
    case '=':
      return compareValues(value, first) === 0;
    case '<':
      return compareValues(value, first) < 0;
    case '<=':
      return compareValues(value, first) <= 0;
    case '>':
      return compareValues(value, first) > 0;
    case '>=':
      return compareValues(value, first) >= 0;
    case 'BETWEEN':
      return compareValues(value, first) >= 0 && compareValues(value, second) <= 0;
    case 'BEGINS_WITH':
      return beginsWith(value, first);
  }
}

function sameType(a: AttributeValue, b: AttributeValue | undefined): b is AttributeValue {
  return b !== undefined && Object.keys(a)[0] === Object.keys(b)[0];
}

function beginsWith(value: AttributeValue, prefix: AttributeValue): boolean {
  if ('S' in value && 'S' in prefix) return value.S.startsWith(prefix.S);
  if ('B' in value && 'B' in prefix) {
    const bytes = Buffer.from(value.B, 'base64');
    const start = Buffer.from(prefix.B, 'base64');
    return bytes.length >= start.length && bytes.subarray(0, start.length).equals(start);
  }
  return false;
}
