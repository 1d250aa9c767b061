import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.js';
import { createTestTable, errorOf, testEngine } from '../test-tables.test-support.js';

const CONSISTENT_GSI = 'Consistent reads are not supported on global secondary indexes';

// Orders recorded from DynamoDB Local 1.25.1 (whose wording of the GSI error differs).
describe('a consistent read of a GSI is rejected after the Query expressions, before anything else for a Scan', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, {
      name: 'indexed',
      globalIndexes: [
        {
          name: 'gsi',
          kind: 'global',
          partitionKeys: [{ name: 'g', type: 'S' }],
          sortKeys: [],
          projection: { type: 'ALL' },
        },
      ],
    });
  });
  afterEach(() => engine.close());

  const query = (request: Record<string, unknown>) =>
    errorOf(() =>
      engine.handle('Query', {
        TableName: 'indexed',
        IndexName: 'gsi',
        ConsistentRead: true,
        KeyConditionExpression: 'g = :g',
        ExpressionAttributeValues: { ':g': { S: 'a' } },
        ...request,
      }),
    ).message;
  const scan = (request: Record<string, unknown>) =>
    errorOf(() => engine.handle('Scan', { TableName: 'indexed', IndexName: 'gsi', ConsistentRead: true, ...request }))
      .message;

  it('Query reports unused substitutions, overlapping projections and syntax errors first', () => {
    expect(query({ ExpressionAttributeNames: { '#u': 'u' } })).toBe(
      'Value provided in ExpressionAttributeNames unused in expressions: keys: {#u}',
    );
    expect(query({ ProjectionExpression: 'a, a' })).toMatch(
      /^Invalid ProjectionExpression: Two document paths overlap/,
    );
    expect(query({ FilterExpression: 'a =' })).toMatch(/^Invalid FilterExpression: Syntax error/);
  });

  it('Query reports the consistent read before the key condition schema and the start key', () => {
    expect(query({ KeyConditionExpression: 'pk = :g' })).toBe(CONSISTENT_GSI);
    expect(query({ ExclusiveStartKey: { pk: { S: 'x' } } })).toBe(CONSISTENT_GSI);
  });

  it('Scan reports the consistent read before its expressions', () => {
    expect(scan({ ProjectionExpression: 'a, a' })).toBe(CONSISTENT_GSI);
    expect(scan({ FilterExpression: 'a =' })).toBe(CONSISTENT_GSI);
  });
});
