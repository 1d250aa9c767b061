/*
 * Parallel scan segments. Every row stores `seg`, the first 32 bits of its partition
 * key's hash (key-hash.ts), so all items of a partition share a segment, as in DynamoDB.
 * Segment `s` of `n` owns the hash range [floor(s·2³²/n), floor((s+1)·2³²/n)): the ranges
 * tile the whole hash space, so for any `n` each item is in exactly one segment, and an
 * index on `seg` lets a segment read only its own rows. Scans walk hash order, which is
 * the order DynamoDB Local walks a table in (and looks random to the caller).
 *
 * The hash is part of the file format: changing it requires a format-version migration.
 */
import type { AttributeValue } from '../values/attribute-value.js';
import { hashPrefix, keyValueHash, stringKeyHashPrefix } from './key-hash.js';

const hashSpace = 2 ** 32;

/** The stored segment hash of a partition key value (0 … 2³²−1). */
export function segmentHash(partitionValue: AttributeValue): number {
  if ('S' in partitionValue) return stringKeyHashPrefix(partitionValue.S);
  return hashPrefix(keyValueHash(partitionValue));
}

/**
 * {@link segmentHash} for the rows one table store inserts: a batch or a transaction often
 * writes several items of one partition in a row, so the hash of the last string partition
 * key is kept (equal strings hash alike). One per table store, so per engine.
 *
 * @example
 * const hashes = new SegmentHasher();
 * hashes.hash({ S: 'a' }) === segmentHash({ S: 'a' }); // → true
 */
export class SegmentHasher {
  private lastStringKey: string | undefined;
  private lastStringKeyHash = 0;

  hash(partitionValue: AttributeValue): number {
    if (!('S' in partitionValue)) return hashPrefix(keyValueHash(partitionValue));
    if (partitionValue.S !== this.lastStringKey) {
      this.lastStringKeyHash = stringKeyHashPrefix(partitionValue.S);
      this.lastStringKey = partitionValue.S;
    }
    return this.lastStringKeyHash;
  }
}

/** The half-open hash range `[low, high)` owned by `segment` of `totalSegments`. */
export function segmentRange(segment: number, totalSegments: number): { low: number; high: number } {
  return {
    low: Math.floor((segment * hashSpace) / totalSegments),
    high: Math.floor(((segment + 1) * hashSpace) / totalSegments),
  };
}

/** The segment (of `totalSegments`) a partition key value belongs to. */
export function segmentOf(partitionValue: AttributeValue, totalSegments: number): number {
  const hash = segmentHash(partitionValue);
  const estimate = Math.floor((hash * totalSegments) / hashSpace);
  // Range ends are rounded down, so a hash just below an unrounded end belongs to the next segment.
  return hash >= segmentRange(estimate, totalSegments).high ? estimate + 1 : estimate;
}
