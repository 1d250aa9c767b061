import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.js';
import { createTestTable, errorOf, testEngine } from '../test-tables.test-support.js';

// Answers recorded from DynamoDB Local 1.25.1.
describe('Query reports BETWEEN bounds in the wrong order only after the filter and projection', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'sorted', sortKey: { name: 'sk', type: 'S' } });
  });
  afterEach(() => engine.close());

  const values = { ':p': { S: 'a' }, ':hi': { S: 'z' }, ':lo': { S: 'a' } };
  const message = (request: Record<string, unknown>) =>
    errorOf(() =>
      engine.handle('Query', {
        TableName: 'sorted',
        KeyConditionExpression: 'pk = :p AND sk BETWEEN :hi AND :lo',
        ...request,
      }),
    ).message;

  it('names a filter operand of the wrong type first', () => {
    expect(
      message({ FilterExpression: 'x >= :ns', ExpressionAttributeValues: { ...values, ':ns': { NS: ['1'] } } }),
    ).toBe(
      'Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: >=, operand type: NS',
    );
  });

  it('names overlapping projection paths first', () => {
    expect(message({ ProjectionExpression: 'a, a', ExpressionAttributeValues: values })).toMatch(
      /^Invalid ProjectionExpression: Two document paths overlap/,
    );
  });

  it('reports the bounds before unused substitutions', () => {
    expect(message({ ExpressionAttributeValues: { ...values, ':u': { S: 'u' } } })).toMatch(
      /^Invalid KeyConditionExpression: The BETWEEN operator requires upper bound/,
    );
  });
});
