import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

const k = (pk: string) => ({ pk: { S: pk } });

describe('TransactWriteItems', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, { name: 'one' });
    createTestTable(engine, { name: 'two' });
    engine.handle('PutItem', { TableName: 'one', Item: { pk: { S: 'upd' }, n: { N: '1' } } });
    engine.handle('PutItem', { TableName: 'one', Item: { pk: { S: 'del' } } });
    engine.handle('PutItem', { TableName: 'one', Item: { pk: { S: 'lock' }, held: { BOOL: true } } });
  });
  afterEach(() => engine.close());

  const get = (table: string, pk: string) => engine.handle('GetItem', { TableName: table, Key: k(pk) }).Item;

  it('applies Put, Update, Delete and a holding ConditionCheck across tables', () => {
    const response = engine.handle('TransactWriteItems', {
      TransactItems: [
        { Put: { TableName: 'two', Item: { pk: { S: 'new' }, v: { S: 'x' } } } },
        {
          Update: {
            TableName: 'one',
            Key: k('upd'),
            UpdateExpression: 'SET n = n + :one',
            ExpressionAttributeValues: { ':one': { N: '1' } },
          },
        },
        { Delete: { TableName: 'one', Key: k('del') } },
        {
          ConditionCheck: {
            TableName: 'one',
            Key: k('lock'),
            ConditionExpression: 'held = :t',
            ExpressionAttributeValues: { ':t': { BOOL: true } },
          },
        },
      ],
    });
    expect(response).toEqual({});
    expect(get('two', 'new')).toEqual({ pk: { S: 'new' }, v: { S: 'x' } });
    expect(get('one', 'upd')).toEqual({ pk: { S: 'upd' }, n: { N: '2' } });
    expect(get('one', 'del')).toBeUndefined();
  });

  it('cancels everything when one condition fails, with one reason per action', () => {
    const failure = errorOf(() =>
      engine.handle('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: 'one', Item: k('x1') } },
          { Put: { TableName: 'one', Item: k('x2') } },
          {
            Delete: {
              TableName: 'one',
              Key: k('lock'),
              ConditionExpression: 'held = :f',
              ExpressionAttributeValues: { ':f': { BOOL: false } },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
        ],
      }),
    );
    expect(failure).toEqual({
      type: 'TransactionCanceledException',
      message:
        'Transaction cancelled, please refer cancellation reasons for specific reasons [None, None, ConditionalCheckFailed]',
      extra: {
        CancellationReasons: [
          { Code: 'None' },
          { Code: 'None' },
          {
            Code: 'ConditionalCheckFailed',
            Message: 'The conditional request failed',
            Item: { pk: { S: 'lock' }, held: { BOOL: true } },
          },
        ],
      },
    });
    expect(get('one', 'x1')).toBeUndefined();
    expect(get('one', 'x2')).toBeUndefined();
  });

  it("reports a key that does not fit the schema as that action's ValidationError", () => {
    const failure = errorOf(() =>
      engine.handle('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: 'one', Item: k('ok') } },
          { Delete: { TableName: 'one', Key: { pk: { N: '1' } } } },
        ],
      }),
    );
    expect(failure.type).toBe('TransactionCanceledException');
    expect(failure.extra.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ValidationError', Message: 'The provided key element does not match the schema' },
    ]);
    expect(get('one', 'ok')).toBeUndefined();
  });

  it('fails the whole request on a syntax error, before writing anything', () => {
    const failure = errorOf(() =>
      engine.handle('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: 'one', Item: k('a') } },
          {
            Update: {
              TableName: 'one',
              Key: k('b'),
              UpdateExpression: 'SET = :v',
              ExpressionAttributeValues: { ':v': { N: '1' } },
            },
          },
        ],
      }),
    );
    expect(failure).toMatchObject({
      type: 'ValidationException',
      message: 'Invalid UpdateExpression: Syntax error; token: "=", near: "SET = :v"',
    });
    expect(get('one', 'a')).toBeUndefined();
  });

  it('refuses two actions on one item and malformed actions', () => {
    expect(
      errorOf(() =>
        engine.handle('TransactWriteItems', {
          TransactItems: [{ Put: { TableName: 'one', Item: k('a') } }, { Delete: { TableName: 'one', Key: k('a') } }],
        }),
      ).message,
    ).toBe('Transaction request cannot include multiple operations on one item');
    expect(errorOf(() => engine.handle('TransactWriteItems', { TransactItems: [{}] })).message).toBe(
      'Invalid Request: TransactWriteRequest should contain Delete or Put or Update request',
    );
    expect(
      errorOf(() =>
        engine.handle('TransactWriteItems', {
          TransactItems: [{ Put: { TableName: 'one', Item: k('a') }, Delete: { TableName: 'one', Key: k('b') } }],
        }),
      ).message,
    ).toBe('TransactItems can only contain one of Check, Put, Update or Delete');
    expect(
      errorOf(() =>
        engine.handle('TransactWriteItems', { TransactItems: [{ Put: { TableName: 'nope', Item: k('a') } }] }),
      ),
    ).toMatchObject({
      type: 'ResourceNotFoundException',
    });
  });

  it('accepts 100 actions and refuses 101', () => {
    const actions = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ Put: { TableName: 'two', Item: k(`k${index}`) } }));
    expect(errorOf(() => engine.handle('TransactWriteItems', { TransactItems: actions(101) })).type).toBe(
      'ValidationException',
    );
    expect(engine.handle('TransactWriteItems', { TransactItems: actions(100) })).toEqual({});
  });

  it('charges transactional writes double, reported as write units', () => {
    const response = engine.handle('TransactWriteItems', {
      TransactItems: [{ Put: { TableName: 'two', Item: k('a') } }, { Put: { TableName: 'two', Item: k('b') } }],
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(response).toEqual({ ConsumedCapacity: [{ TableName: 'two', CapacityUnits: 4, WriteCapacityUnits: 4 }] });
  });
});

describe('TransactWriteItems payload', () => {
  it('refuses more than 4 MB of items, naming the running total', () => {
    const engine = testEngine();
    createTestTable(engine, { name: 'big' });
    const padding = 'x'.repeat(50 * 1024);
    const failure = errorOf(() =>
      engine.handle('TransactWriteItems', {
        TransactItems: Array.from({ length: 100 }, (_, index) => ({
          Put: { TableName: 'big', Item: { pk: { S: `big${index}` }, p: { S: padding } } },
        })),
      }),
    );
    expect(failure).toMatchObject({
      type: 'ValidationException',
      message: 'Transaction payload size cannot exceed 4MB. Payload Size: 4199046',
    });
    engine.close();
  });
});
