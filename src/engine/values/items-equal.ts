import type { Item } from './attribute-value.js';
import { valuesEqual } from './values-equal.js';

/**
 * Whether two items hold the same data in DynamoDB's sense: the same attributes with
 * equal values (numbers numerically, sets and maps regardless of order). A write that
 * leaves an item equal to what it was changes nothing, and DynamoDB writes no stream
 * record for it.
 */
export function itemsEqual(a: Item, b: Item): boolean {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((name) => Object.hasOwn(b, name) && valuesEqual(a[name], b[name]));
}
