import type { AttributeValue, Item } from '../values/attribute-value.js';
import { compareValues } from '../values/index.js';
import type { ReadTarget } from './read-target.js';
import type { SortCondition } from './sort-condition.js';

/**
 * The inclusive bound a Query reaches last in its reading direction, if any: the upper
 * bound of `<=` / `BETWEEN` reading forward, the lower bound of `>=` / `BETWEEN` reading
 * backward. (`=` is not treated as a range by the reference, nor are exclusive bounds.)
 */
function trailingInclusiveBound(condition: SortCondition, forward: boolean): AttributeValue | undefined {
  const [first, second] = condition.values;
  if (forward) {
    if (condition.operator === '<=') return first;
    if (condition.operator === 'BETWEEN') return second;
  } else {
    if (condition.operator === '>=') return first;
    if (condition.operator === 'BETWEEN') return first;
  }
  return undefined;
}

/**
 * Whether a full page of a table Query ended on the last key its range can hold, so that
 * DynamoDB Local (the conformance reference) leaves out `LastEvaluatedKey`: on a table a
 * sort key value names one item, so nothing can follow the item sitting on an inclusive
 * trailing bound; on a table without a sort key the partition key alone names the one
 * item a Query can read. On an index several items share a key value, and the key stays.
 */
export function pageEndsAtRangeEnd(
  target: ReadTarget,
  condition: SortCondition | undefined,
  forward: boolean,
  lastEvaluatedKey: Item,
): boolean {
  if (target.index) return false;
  const sortKey = target.sortKeys[0];
  if (!sortKey) return true;
  if (!condition) return false;
  const bound = trailingInclusiveBound(condition, forward);
  const value = lastEvaluatedKey[sortKey.name];
  if (!bound || !value || Object.keys(bound)[0] !== Object.keys(value)[0]) return false;
  return compareValues(value, bound) === 0;
}
