/**
 * Orders names as a `java.util.HashSet<String>` iterates them. DynamoDB lists attribute
 * names in some messages (`Global secondary index gsi does not project [zz, a, b, x]`) in
 * that order, so reproducing the message means reproducing the order: by bucket
 * (`hash ^ hash >>> 16` masked to the table size), then by insertion within a bucket.
 */
export function javaHashSetOrder(names: Iterable<string>): string[] {
  const unique = [...new Set(names)];
  // HashSet starts with 16 buckets and doubles whenever it holds more than 3/4 of them.
  let capacity = 16;
  while (unique.length > capacity * 0.75) capacity *= 2;
  const bucketOf = (name: string): number => {
    const hash = javaStringHash(name);
    return (hash ^ (hash >>> 16)) & (capacity - 1);
  };
  return unique
    .map((name, position) => ({ name, position, bucket: bucketOf(name) }))
    .sort((a, b) => a.bucket - b.bucket || a.position - b.position)
    .map((entry) => entry.name);
}

/** `String.hashCode()`: `s[0]*31^(n-1) + … + s[n-1]` over UTF-16 code units, in 32-bit arithmetic. */
export function javaStringHash(text: string): number {
  let hash = 0;
  for (let index = 0; index < text.length; index++) {
    hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  }
  return hash;
}

/** A Java collection's `toString()`: `[a, b, c]`. */
export function javaListText(names: readonly string[]): string {
  return `[${names.join(', ')}]`;
}
