/*
 * Parallel scan segments. Every row stores `seg`, a 32-bit FNV-1a hash of its (encoded)
 * partition key, so all items of a partition share a segment, as in DynamoDB. Segment `s`
 * of `n` owns the hash range [floor(s·2³²/n), floor((s+1)·2³²/n)): the ranges tile the
 * whole hash space, so for any `n` each item is in exactly one segment, and an index on
 * `seg` lets a segment read only its own rows. Scans walk hash order, which (like
 * DynamoDB's partition order) looks random to the caller.
 *
 * The hash is part of the file format: changing it requires a format-version migration.
 */

const fnvOffsetBasis = 0x811c9dc5;
const fnvPrime = 0x01000193;
const hashSpace = 2 ** 32;

/** The stored segment hash of an encoded partition key value (0 … 2³²−1). */
export function segmentHash(encodedPartitionKey: string | Buffer): number {
  let hash = fnvOffsetBasis;
  if (typeof encodedPartitionKey === 'string') {
    // UTF-16 code units: deterministic and avoids encoding the string to UTF-8 on the hot path.
    for (let index = 0; index < encodedPartitionKey.length; index++) {
      hash ^= encodedPartitionKey.charCodeAt(index);
      hash = Math.imul(hash, fnvPrime);
    }
  } else {
    for (let index = 0; index < encodedPartitionKey.length; index++) {
      hash ^= encodedPartitionKey[index];
      hash = Math.imul(hash, fnvPrime);
    }
  }
  return hash >>> 0;
}

/** The half-open hash range `[low, high)` owned by `segment` of `totalSegments`. */
export function segmentRange(segment: number, totalSegments: number): { low: number; high: number } {
  return {
    low: Math.floor((segment * hashSpace) / totalSegments),
    high: Math.floor(((segment + 1) * hashSpace) / totalSegments),
  };
}
