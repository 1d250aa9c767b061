/**
 * DynamoDB lists unused `ExpressionAttributeNames`/`Values` keys in the iteration order of
 * a Java `HashSet` copied from the request map. Reproducing that order keeps the messages
 * byte-identical: buckets by the spread String hash, table size from the total key count,
 * insertion (request) order within a bucket.
 */

function javaStringHash(text: string): number {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(31, hash) + text.charCodeAt(index)) | 0;
  return hash;
}

/** `new HashSet<>(collection)` sizes its table to the next power of two ≥ max(n / 0.75 + 1, 16). */
function hashSetTableSize(elementCount: number): number {
  const wanted = Math.max(Math.floor(elementCount / 0.75) + 1, 16);
  let size = 1;
  while (size < wanted) size *= 2;
  return size;
}

/**
 * The subset `keys` ordered as a Java HashSet built from `allKeys` (in request order) would
 * iterate it.
 */
export function javaHashSetOrder(allKeys: readonly string[], keys: readonly string[]): string[] {
  const tableSize = hashSetTableSize(allKeys.length);
  const bucketOf = (key: string): number => {
    const hash = javaStringHash(key);
    return (hash ^ (hash >>> 16)) & (tableSize - 1);
  };
  const position = new Map(allKeys.map((key, index) => [key, index]));
  return [...keys].sort((a, b) => bucketOf(a) - bucketOf(b) || (position.get(a) ?? 0) - (position.get(b) ?? 0));
}
