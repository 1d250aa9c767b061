import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.js';
import { errorOf, testEngine } from '../test-tables.test-support.js';

/** Behaviour observed on DynamoDB Local 1.25.1, the conformance reference. */
describe('Query page ending on an inclusive range end', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    engine.handle('CreateTable', {
      TableName: 'items',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
    for (let sk = 1; sk <= 5; sk++)
      engine.handle('PutItem', { TableName: 'items', Item: { pk: { S: 'p' }, sk: { N: String(sk) } } });
  });
  afterEach(() => engine.close());

  const lastKey = (condition: string, value: number, forward: boolean, limit: number) =>
    engine.handle('Query', {
      TableName: 'items',
      KeyConditionExpression: `pk = :p AND ${condition}`,
      ExpressionAttributeValues: {
        ':p': { S: 'p' },
        ':v': { N: String(value) },
        ...(condition.includes(':w') ? { ':w': { N: String(value + 1) } } : {}),
      },
      ScanIndexForward: forward,
      Limit: limit,
    }).LastEvaluatedKey;

  it('leaves out LastEvaluatedKey when the last item read sits on the inclusive bound it reads towards', () => {
    expect(lastKey('sk <= :v', 2, true, 2)).toBeUndefined();
    expect(lastKey('sk >= :v', 4, false, 2)).toBeUndefined();
    expect(lastKey('sk BETWEEN :v AND :w', 2, true, 2)).toBeUndefined();
    expect(lastKey('sk BETWEEN :v AND :w', 2, false, 2)).toBeUndefined();
  });

  it('keeps it for exclusive bounds, equality, the other direction, and a page ending before the bound', () => {
    expect(lastKey('sk < :v', 3, true, 2)).toEqual({ pk: { S: 'p' }, sk: { N: '2' } });
    expect(lastKey('sk = :v', 2, true, 1)).toEqual({ pk: { S: 'p' }, sk: { N: '2' } });
    expect(lastKey('sk >= :v', 4, true, 2)).toEqual({ pk: { S: 'p' }, sk: { N: '5' } });
    expect(lastKey('sk <= :v', 2, false, 2)).toEqual({ pk: { S: 'p' }, sk: { N: '1' } });
    expect(lastKey('sk <= :v', 3, true, 2)).toEqual({ pk: { S: 'p' }, sk: { N: '2' } });
  });

  it('rejects a start key on the inclusive bound the Query reads towards', () => {
    const restart = (condition: string, forward: boolean, sk: string) =>
      errorOf(() =>
        engine.handle('Query', {
          TableName: 'items',
          KeyConditionExpression: `pk = :p AND ${condition}`,
          ExpressionAttributeValues: {
            ':p': { S: 'p' },
            ':v': { N: '2' },
            ...(condition.includes(':w') ? { ':w': { N: '3' } } : {}),
          },
          ScanIndexForward: forward,
          ExclusiveStartKey: { pk: { S: 'p' }, sk: { N: sk } },
        }),
      ).message;
    const refused = 'The provided starting key does not match the range key predicate';
    expect(restart('sk <= :v', true, '2')).toBe(refused);
    expect(restart('sk >= :v', false, '2')).toBe(refused);
    expect(restart('sk BETWEEN :v AND :w', true, '3')).toBe(refused);
    expect(restart('sk BETWEEN :v AND :w', false, '2')).toBe(refused);
    // Reading away from the bound, the start key is an ordinary restart point.
    const page = engine.handle('Query', {
      TableName: 'items',
      KeyConditionExpression: 'pk = :p AND sk <= :v',
      ExpressionAttributeValues: { ':p': { S: 'p' }, ':v': { N: '2' } },
      ScanIndexForward: false,
      ExclusiveStartKey: { pk: { S: 'p' }, sk: { N: '2' } },
    });
    expect(page.Items).toEqual([{ pk: { S: 'p' }, sk: { N: '1' } }]);
  });

  it('rejects a parallel scan start key outside the requested segment', () => {
    const scan = (segment: number, pk: string) =>
      engine.handle('Scan', {
        TableName: 'items',
        Segment: segment,
        TotalSegments: 2,
        ExclusiveStartKey: { pk: { S: pk }, sk: { N: '1' } },
      });
    // 'p' hashes into the second half of the hash space.
    expect(errorOf(() => scan(0, 'p'))).toMatchObject({
      type: 'ValidationException',
      message: 'Exclusive start key must lie within the segment',
    });
    expect(scan(1, 'p').Count).toBe(4);
  });
});

describe('Query of a table without a sort key', () => {
  it('leaves out LastEvaluatedKey when Limit stops the page: the partition key names the only item', () => {
    const engine = testEngine();
    try {
      engine.handle('CreateTable', {
        TableName: 'single',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
      });
      engine.handle('PutItem', { TableName: 'single', Item: { pk: { S: 'a' }, v: { N: '1' } } });
      const query = (select?: string) =>
        engine.handle('Query', {
          TableName: 'single',
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': { S: 'a' } },
          Limit: 1,
          ...(select ? { Select: select } : {}),
        });
      expect(query()).toMatchObject({ Count: 1, ScannedCount: 1 });
      expect(query().LastEvaluatedKey).toBeUndefined();
      expect(query('COUNT').LastEvaluatedKey).toBeUndefined();
    } finally {
      engine.close();
    }
  });
});
