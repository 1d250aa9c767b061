import { describe, expect, it } from 'vitest';
import { resolveSegment } from './segments.js';

describe('resolveSegment', () => {
  it('returns nothing for a plain scan and the slice for a parallel one', () => {
    expect(resolveSegment(undefined, undefined)).toBeUndefined();
    expect(resolveSegment(0, 1)).toEqual({ segment: 0, totalSegments: 1 });
    expect(resolveSegment(4, 5)).toEqual({ segment: 4, totalSegments: 5 });
  });

  it('rejects a segment not below the total with DynamoDB’s message', () => {
    expect(() => resolveSegment(5, 5)).toThrow(
      'The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 5 is not less than TotalSegments: 5',
    );
  });

  it('requires both parameters together', () => {
    expect(() => resolveSegment(0, undefined)).toThrow(
      'The TotalSegments parameter is required but was not present in the request when Segment parameter is present',
    );
    expect(() => resolveSegment(undefined, 3)).toThrow(
      'The Segment parameter is required but was not present in the request when parameter TotalSegments is present',
    );
  });
});
