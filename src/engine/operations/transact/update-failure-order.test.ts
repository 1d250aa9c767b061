import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

const scalars = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed";
const key = (pk: string) => ({ pk: { S: pk }, sk: { S: '1' } });
const values = { ':v': { S: 'v' } };
const failing = 'attribute_exists(absent)';
const conditionFailed = { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' };
const keyUpdate = {
  Code: 'ValidationError',
  Message: 'One or more parameter values were invalid: Cannot update attribute sk. This attribute is part of the key',
};

describe('TransactWriteItems Update failures, in the order DynamoDB Local reports them', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, {
      name: 'keyed',
      sortKey: { name: 'sk', type: 'S' },
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
    for (const pk of ['a', 'b']) engine.handle('PutItem', { TableName: 'keyed', Item: { ...key(pk), g: { S: 'x' } } });
  });
  afterEach(() => engine.close());

  const update = (pk: string, expression: string, condition?: string) => ({
    Update: {
      TableName: 'keyed',
      Key: key(pk),
      UpdateExpression: expression,
      ExpressionAttributeValues: values,
      ...(condition ? { ConditionExpression: condition } : {}),
    },
  });
  const transact = (...actions: Record<string, unknown>[]) =>
    errorOf(() => engine.handle('TransactWriteItems', { TransactItems: actions }));

  it("reports a failed condition before the same action's path into an index key", () => {
    expect(transact(update('a', 'SET g.x = :v', failing))).toMatchObject({
      type: 'TransactionCanceledException',
      extra: { CancellationReasons: [conditionFailed] },
    });
  });

  it('fails the whole request on a path into an index key, even after an earlier failed condition', () => {
    expect(transact(update('a', 'SET g.x = :v'))).toEqual({
      type: 'ValidationException',
      message: `${scalars}: IndexKey: g`,
      extra: {},
    });
    expect(transact(update('a', 'SET q = :v', failing), update('b', 'SET g.x = :v'))).toMatchObject({
      type: 'ValidationException',
      message: `${scalars}: IndexKey: g`,
    });
  });

  it('cancels an update of a key attribute with a ValidationError reason', () => {
    const failure = transact(update('a', 'SET sk = :v'));
    expect(failure).toEqual({
      type: 'TransactionCanceledException',
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError]',
      extra: { CancellationReasons: [keyUpdate] },
    });
    // The key update is found before the same action's path into an index key.
    expect(transact(update('a', 'SET g.x = :v, sk = :v')).extra.CancellationReasons).toEqual([keyUpdate]);
  });

  it('looks at no action after one whose update cannot apply', () => {
    expect(transact(update('a', 'SET sk = :v'), update('b', 'SET g.x = :v')).extra.CancellationReasons).toEqual([
      keyUpdate,
      { Code: 'None' },
    ]);
    expect(transact(update('a', 'SET sk = :v'), update('b', 'SET q = :v', failing)).extra.CancellationReasons).toEqual([
      keyUpdate,
      { Code: 'None' },
    ]);
    expect(transact(update('b', 'SET q = :v', failing), update('a', 'SET sk = :v')).extra.CancellationReasons).toEqual([
      conditionFailed,
      keyUpdate,
    ]);
    expect(engine.handle('GetItem', { TableName: 'keyed', Key: key('a') }).Item).toEqual({
      ...key('a'),
      g: { S: 'x' },
    });
  });
});
