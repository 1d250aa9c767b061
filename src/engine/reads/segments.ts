import { validationError } from '../errors.js';
import { indexSegmentValue } from '../storage/index-key-columns.js';
import { segmentOf } from '../storage/segment-hash.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';
import type { ReadTarget } from './read-target.js';

/** A parallel scan's slice: segment `segment` of `totalSegments`. */
export interface ScanSegment {
  readonly segment: number;
  readonly totalSegments: number;
}

/**
 * Validates `Segment`/`TotalSegments` as DynamoDB does (both or neither; the segment
 * zero-based and below the total) and returns the slice, if any. Their ranges (0…999999,
 * 1…1000000) are request-shape constraints checked before. DynamoDB Local accepts and
 * ignores segments and words these errors differently; this follows DynamoDB.
 */
export function resolveSegment(
  segment: number | undefined | null,
  totalSegments: number | undefined | null,
): ScanSegment | undefined {
  const hasSegment = segment !== undefined && segment !== null;
  const hasTotal = totalSegments !== undefined && totalSegments !== null;
  if (hasSegment && !hasTotal) {
    throw validationError(
      'The TotalSegments parameter is required but was not present in the request when Segment parameter is present',
    );
  }
  if (hasTotal && !hasSegment) {
    throw validationError(
      'The Segment parameter is required but was not present in the request when parameter TotalSegments is present',
    );
  }
  if (!hasSegment || !hasTotal) return undefined;
  if (segment >= totalSegments) {
    throw validationError(
      'The Segment parameter is zero-based and must be less than parameter TotalSegments: ' +
        `Segment: ${segment} is not less than TotalSegments: ${totalSegments}`,
    );
  }
  return { segment, totalSegments };
}

/**
 * A parallel scan may only continue inside its own segment: an `ExclusiveStartKey` whose
 * partition (of the table, or of the index scanned) belongs to another segment is
 * rejected, in DynamoDB Local's words. The key is already checked against the schema.
 */
export function assertStartKeyInSegment(startKey: Item, target: ReadTarget, segment: ScanSegment): void {
  const partitionValue = indexSegmentValue(
    target,
    target.partitionKeys.map((key) => startKey[key.name] as AttributeValue),
  );
  if (segmentOf(partitionValue, segment.totalSegments) !== segment.segment) {
    throw validationError('Exclusive start key must lie within the segment');
  }
}
