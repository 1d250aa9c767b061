import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

/** Behaviour observed on DynamoDB Local 1.25.1, the conformance reference. */
describe('TransactWriteItems cancellation message of a failed ConditionCheck', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'one' });
    engine.handle('PutItem', { TableName: 'one', Item: { pk: { S: 'a' }, n: { N: '5' } } });
  });
  afterEach(() => engine.close());

  it('ends with a period for a ConditionCheck, without one for a write', () => {
    const failure = errorOf(() =>
      engine.handle('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: 'one', Item: { pk: { S: 'b' } }, ConditionExpression: 'attribute_exists(pk)' } },
          {
            ConditionCheck: {
              TableName: 'one',
              Key: { pk: { S: 'a' } },
              ConditionExpression: 'n = :n',
              ExpressionAttributeValues: { ':n': { N: '6' } },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
        ],
      }),
    );
    expect(failure.extra.CancellationReasons).toEqual([
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
      {
        Code: 'ConditionalCheckFailed',
        Message: 'The conditional request failed.',
        Item: { pk: { S: 'a' }, n: { N: '5' } },
      },
    ]);
  });
});
