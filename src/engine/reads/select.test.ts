import { describe, expect, it } from 'vitest';
import { resolveSelect } from './read-plan.js';

describe('resolveSelect', () => {
  it('defaults to ALL_ATTRIBUTES on a table, ALL_PROJECTED_ATTRIBUTES on an index, SPECIFIC_ATTRIBUTES with a projection', () => {
    expect(resolveSelect({})).toBe('ALL_ATTRIBUTES');
    expect(resolveSelect({ indexName: 'gsi' })).toBe('ALL_PROJECTED_ATTRIBUTES');
    expect(resolveSelect({ indexName: 'gsi', projection: 'ProjectionExpression' })).toBe('SPECIFIC_ATTRIBUTES');
  });

  it.each([
    [
      { select: 'SPECIFIC_ATTRIBUTES' },
      'Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES',
    ],
    [
      { select: 'ALL_PROJECTED_ATTRIBUTES' },
      'ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName',
    ],
    [
      { select: 'ALL_ATTRIBUTES', projection: 'ProjectionExpression' },
      'Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES',
    ],
    [
      { select: 'ALL_ATTRIBUTES', projection: 'AttributesToGet' },
      'Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES',
    ],
    [
      { select: 'COUNT', projection: 'ProjectionExpression' },
      'Cannot specify the ProjectionExpression when choosing to get only the Count',
    ],
    [
      { select: 'COUNT', projection: 'AttributesToGet' },
      'Cannot specify the AttributesToGet when choosing to get only the Count',
    ],
    [
      { select: 'ALL_PROJECTED_ATTRIBUTES', projection: 'ProjectionExpression' },
      'Cannot specify the ProjectionExpression when choosing to get ALL_PROJECTED_ATTRIBUTES',
    ],
  ] as const)('rejects %o with DynamoDB’s message', (request, message) => {
    expect(() => resolveSelect(request)).toThrow(message);
  });
});
