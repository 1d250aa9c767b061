import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.js';
import { createTestTable, errorOf, testEngine } from '../test-tables.test-support.js';

// DynamoDB compares the BETWEEN bounds numerically but quotes them in its message as the
// request spelled them: `{N:1e1}`, not the canonical `{N:10}`.
describe('BETWEEN bounds in error messages', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'bounds' });
  });
  afterEach(() => engine.close());

  it('quotes number bounds as sent, not canonicalized', () => {
    const failure = errorOf(() =>
      engine.handle('PutItem', {
        TableName: 'bounds',
        Item: { pk: { S: 'a' } },
        ConditionExpression: 'n BETWEEN :low AND :high',
        ExpressionAttributeValues: { ':low': { N: '12.0' }, ':high': { N: '1e1' } },
      }),
    );
    expect(failure.message).toBe(
      'Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; ' +
        'lower bound operand: AttributeValue: {N:12.0}, upper bound operand: AttributeValue: {N:1e1}',
    );
  });

  it('quotes binary bounds as the Java ByteBuffer DynamoDB Local prints, in key conditions and filters alike', () => {
    const buffer = (length: number) => `java.nio.HeapByteBuffer[pos=0 lim=${length} cap=${length}]`;
    const query = errorOf(() =>
      engine.handle('Query', {
        TableName: 'bounds',
        KeyConditionExpression: 'pk = :p',
        FilterExpression: 'b BETWEEN :low AND :high',
        ExpressionAttributeValues: { ':p': { S: 'a' }, ':low': { B: '/w==' }, ':high': { B: 'AAEC' } },
      }),
    );
    expect(query.message).toBe(
      'Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; ' +
        `lower bound operand: AttributeValue: {B:${buffer(1)}}, upper bound operand: AttributeValue: {B:${buffer(3)}}`,
    );
    const mixed = errorOf(() =>
      engine.handle('Scan', {
        TableName: 'bounds',
        FilterExpression: 'b BETWEEN :low AND :high',
        ExpressionAttributeValues: { ':low': { S: 'x' }, ':high': { B: '' } },
      }),
    );
    expect(mixed.message).toBe(
      'Invalid FilterExpression: The BETWEEN operator requires same data type for lower and upper bounds; ' +
        `lower bound operand: AttributeValue: {S:x}, upper bound operand: AttributeValue: {B:${buffer(0)}}`,
    );
  });

  it('still orders the bounds numerically', () => {
    expect(
      engine.handle('Scan', {
        TableName: 'bounds',
        FilterExpression: 'n BETWEEN :low AND :high',
        ExpressionAttributeValues: { ':low': { N: '01' }, ':high': { N: '1e1' } },
      }),
    ).toMatchObject({ Count: 0 });
  });
});
