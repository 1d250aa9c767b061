import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

const schemaMismatch = 'The provided key element does not match the schema';

describe('key validation', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, {
      name: 'keys',
      sortKey: { name: 'sk', type: 'S' },
      globalIndexes: [
        {
          name: 'byG',
          kind: 'global',
          partitionKeys: [{ name: 'g', type: 'S' }],
          sortKeys: [],
          projection: { type: 'ALL' },
        },
      ],
    });
    createTestTable(engine, { name: 'binary', partitionKey: { name: 'pk', type: 'B' } });
  });
  afterEach(() => engine.close());

  it.each([
    ['an extra attribute', { pk: { S: 'a' }, sk: { S: 'b' }, extra: { S: 'c' } }],
    ['a missing sort key', { pk: { S: 'a' } }],
    ['a wrong attribute name', { pk: { S: 'a' }, other: { S: 'b' } }],
    ['a wrong type', { pk: { S: 'a' }, sk: { N: '1' } }],
    ['no attributes', {}],
  ])('GetItem/DeleteItem/UpdateItem reject %s as a schema mismatch', (_, key) => {
    for (const operation of ['GetItem', 'DeleteItem', 'UpdateItem']) {
      expect(errorOf(() => engine.handle(operation, { TableName: 'keys', Key: key }))).toMatchObject({
        type: 'ValidationException',
        message: schemaMismatch,
      });
    }
  });

  it('names the missing or mistyped key attribute of a PutItem', () => {
    expect(errorOf(() => engine.handle('PutItem', { TableName: 'keys', Item: { pk: { S: 'a' } } })).message).toBe(
      'One or more parameter values were invalid: Missing the key sk in the item',
    );
    expect(
      errorOf(() => engine.handle('PutItem', { TableName: 'keys', Item: { pk: { S: 'a' }, sk: { N: '1' } } })).message,
    ).toBe('One or more parameter values were invalid: Type mismatch for key sk expected: S actual: N');
  });

  it('rejects empty key strings with the key name', () => {
    const message = (name: string) =>
      `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: ${name}`;
    expect(
      errorOf(() => engine.handle('PutItem', { TableName: 'keys', Item: { pk: { S: '' }, sk: { S: 'x' } } })).message,
    ).toBe(message('pk'));
    expect(
      errorOf(() => engine.handle('GetItem', { TableName: 'keys', Key: { pk: { S: 'x' }, sk: { S: '' } } })).message,
    ).toBe(message('sk'));
  });

  it('limits the partition key to 2048 bytes and the sort key to 1024', () => {
    expect(
      errorOf(() => engine.handle('PutItem', { TableName: 'binary', Item: { pk: { B: 'AAAA'.repeat(683) } } })).message,
    ).toBe(
      'One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes',
    );
    expect(engine.handle('PutItem', { TableName: 'binary', Item: { pk: { B: 'AAAA'.repeat(682) } } })).toEqual({});
    expect(
      errorOf(() =>
        engine.handle('PutItem', { TableName: 'keys', Item: { pk: { S: 'a' }, sk: { S: 's'.repeat(1025) } } }),
      ).message,
    ).toBe(
      'One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes',
    );
    expect(
      engine.handle('PutItem', { TableName: 'keys', Item: { pk: { S: 'a' }, sk: { S: 's'.repeat(1024) } } }),
    ).toEqual({});
  });

  it('checks the type and emptiness of index key attributes', () => {
    expect(
      errorOf(() =>
        engine.handle('PutItem', { TableName: 'keys', Item: { pk: { S: 'a' }, sk: { S: 'b' }, g: { N: '1' } } }),
      ).message,
    ).toBe(
      'One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: N IndexName: byG',
    );
    expect(
      errorOf(() =>
        engine.handle('PutItem', { TableName: 'keys', Item: { pk: { S: 'a' }, sk: { S: 'b' }, g: { S: '' } } }),
      ).message,
    ).toBe(
      'One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: byG, IndexKey: g',
    );
    const update = {
      TableName: 'keys',
      Key: { pk: { S: 'a' }, sk: { S: 'b' } },
      UpdateExpression: 'SET g = :v',
      ExpressionAttributeValues: { ':v': { S: '' } },
    };
    expect(errorOf(() => engine.handle('UpdateItem', update)).message).toBe(
      'One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty string value.',
    );
  });

  it('rejects an update of a key attribute', () => {
    const failure = errorOf(() =>
      engine.handle('UpdateItem', {
        TableName: 'keys',
        Key: { pk: { S: 'a' }, sk: { S: 'b' } },
        UpdateExpression: 'SET pk = :v',
        ExpressionAttributeValues: { ':v': { S: 'z' } },
      }),
    );
    expect(failure.message).toBe(
      'One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key',
    );
  });
});
