import type { PathElement } from './ast.js';
import { javaStringHash } from './java-hash-order.js';

/**
 * DynamoDB Local merges the document paths of a ProjectionExpression or UpdateExpression into
 * a tree whose nodes keep their children in a Java `HashMap`, keyed by path element. Which
 * path its errors name, and which update action fails first, follow that map's iteration
 * order, so reproducing them means reproducing the element's `hashCode()`. Probing many
 * names and indexes (all pairs of a few dozen names, then names chosen to split the
 * remaining candidates, and indexes 0–19) pins it down to a fixed offset plus
 * `String.hashCode()` for a map key and the offset minus 31 × index for a list index; only
 * the offset's low 20 bits matter for tables of up to 16 buckets.
 */
const ELEMENT_HASH_OFFSET = 0x7df79;

/** The `hashCode()` of a path element as DynamoDB Local's path tree computes it. */
export function pathElementHash(element: PathElement): number {
  return typeof element === 'number'
    ? (ELEMENT_HASH_OFFSET - Math.imul(31, element)) | 0
    : (ELEMENT_HASH_OFFSET + javaStringHash(element)) | 0;
}

/**
 * `keys` (in insertion order, no repeats) in the order a `new HashMap<>()` filled with them
 * iterates: by bucket (`hash ^ hash >>> 16` masked to the table size; 16 buckets, doubled
 * whenever more than 3/4 full), then by insertion within a bucket.
 */
export function pathElementIterationOrder<T extends PathElement>(keys: readonly T[]): T[] {
  let tableSize = 16;
  while (keys.length > tableSize * 0.75) tableSize *= 2;
  const entries = keys.map((key, position) => ({ key, position, bucket: bucketOf(key, tableSize) }));
  return entries.sort(byBucketThenPosition).map((entry) => entry.key);
}

function bucketOf(key: PathElement, tableSize: number): number {
  const hash = pathElementHash(key);
  return (hash ^ (hash >>> 16)) & (tableSize - 1);
}

function byBucketThenPosition(
  a: { bucket: number; position: number },
  b: { bucket: number; position: number },
): number {
  return a.bucket - b.bucket || a.position - b.position;
}
