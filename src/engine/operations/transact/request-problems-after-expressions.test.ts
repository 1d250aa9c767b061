import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

// Answers recorded from DynamoDB Local 1.25.1.
describe("TransactWriteItems checks every action's expressions before substitutions without an expression or a Put's index key type", () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, {
      name: 'items',
      globalIndexes: [
        {
          name: 'gsi',
          kind: 'global',
          partitionKeys: [{ name: 'g', type: 'S' }],
          sortKeys: [],
          projection: { type: 'KEYS_ONLY' },
        },
      ],
    });
  });
  afterEach(() => engine.close());

  const namesWithoutExpression = {
    Delete: { TableName: 'items', Key: { pk: { S: 'a' } }, ExpressionAttributeNames: { '#u': 'a' } },
  };
  const valuesWithoutExpression = {
    Delete: { TableName: 'items', Key: { pk: { S: 'd' } }, ExpressionAttributeValues: { ':u': { S: 'a' } } },
  };
  const unusedValue = {
    ConditionCheck: {
      TableName: 'items',
      Key: { pk: { S: 'b' } },
      ConditionExpression: 'attribute_not_exists(pk)',
      ExpressionAttributeValues: { ':u': { S: 'u' } },
    },
  };
  const syntaxError = {
    ConditionCheck: { TableName: 'items', Key: { pk: { S: 'e' } }, ConditionExpression: 'attribute_not_exists(' },
  };
  const message = (...actions: Record<string, unknown>[]) =>
    errorOf(() => engine.handle('TransactWriteItems', { TransactItems: actions })).message;

  it("reports a later action's unused value or syntax error first", () => {
    expect(message(namesWithoutExpression, unusedValue)).toBe(
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:u}',
    );
    expect(message(valuesWithoutExpression, unusedValue)).toBe(
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:u}',
    );
    expect(message(namesWithoutExpression, syntaxError)).toBe(
      'Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "("',
    );
  });

  it("reports a later action's unused value before a Put whose index key is of another type", () => {
    const listIndexKey = { Put: { TableName: 'items', Item: { pk: { S: 'p' }, g: { NS: ['1'] } } } };
    const nullIndexKey = { Put: { TableName: 'items', Item: { pk: { S: 'q' }, g: { NULL: true } } } };
    const nullIndexKeyAndUnusedValue = {
      Put: {
        ...nullIndexKey.Put,
        ConditionExpression: 'attribute_not_exists(pk)',
        ExpressionAttributeValues: { ':u': { S: 'u' } },
      },
    };
    expect(message(listIndexKey, unusedValue)).toBe(
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:u}',
    );
    expect(message(listIndexKey, nullIndexKeyAndUnusedValue)).toBe(
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:u}',
    );
    expect(message(listIndexKey, nullIndexKey)).toMatch(
      /^One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: NS /,
    );
  });

  it('still rejects the substitutions when every expression is fine', () => {
    expect(message(namesWithoutExpression)).toBe(
      'ExpressionAttributeNames can only be specified when using expressions',
    );
  });
});
