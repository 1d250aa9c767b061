/**
 * DynamoDB lists attribute names in several messages (unused `ExpressionAttributeNames`
 * keys, `Global secondary index gsi does not project [zz, a, b, x]`) in the iteration
 * order of a Java `HashSet`, so reproducing the message means reproducing that order:
 * by bucket (`hash ^ hash >>> 16` masked to the table size), then by insertion within a
 * bucket. The table size depends on how the set was built, hence two entry points.
 */

/** `String.hashCode()`: `s[0]*31^(n-1) + … + s[n-1]` over UTF-16 code units, in 32-bit arithmetic. */
export function javaStringHash(text: string): number {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(31, hash) + text.charCodeAt(index)) | 0;
  return hash;
}

/** `names` (insertion order, no repeats) as a HashSet with `tableSize` buckets iterates them. */
function iterationOrder(names: readonly string[], tableSize: number): string[] {
  const bucketOf = (name: string): number => {
    const hash = javaStringHash(name);
    return (hash ^ (hash >>> 16)) & (tableSize - 1);
  };
  return names
    .map((name, position) => ({ name, position, bucket: bucketOf(name) }))
    .sort((a, b) => a.bucket - b.bucket || a.position - b.position)
    .map((entry) => entry.name);
}

/**
 * A `new HashSet<>()` filled with `add` one name at a time: 16 buckets, doubled whenever
 * it holds more than 3/4 of them. Repeats are dropped.
 */
export function javaHashSetOrder(names: Iterable<string>): string[] {
  const unique = [...new Set(names)];
  let tableSize = 16;
  while (unique.length > tableSize * 0.75) tableSize *= 2;
  return iterationOrder(unique, tableSize);
}

/**
 * The subset `keys` ordered as a `new HashSet<>(allKeys)` (a copy of the request map's
 * keys, in request order) would iterate it. The copy constructor sizes its table once, to
 * the next power of two ≥ max(n / 0.75 + 1, 16).
 */
export function javaHashSetCopyOrder(allKeys: readonly string[], keys: readonly string[]): string[] {
  const wanted = Math.max(Math.floor(allKeys.length / 0.75) + 1, 16);
  let tableSize = 1;
  while (tableSize < wanted) tableSize *= 2;
  const kept = new Set(keys);
  return iterationOrder(allKeys, tableSize).filter((key) => kept.has(key));
}

/** A Java collection's `toString()`: `[a, b, c]`. */
export function javaListText(names: readonly string[]): string {
  return `[${names.join(', ')}]`;
}
