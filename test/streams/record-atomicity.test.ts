import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseOfEngine } from '../../src/engine/storage/storage.test-support.js';
import { Engine } from '../../src/engine/engine.js';

/*
 * A private in-memory engine writes a new item and its record without a savepoint
 * (sqlite-storage.ts putStreamedInHeldTransaction): when the record cannot be written, the
 * item must not stay. The records table is dropped to make the record's insert fail.
 */

let engine: Engine;

beforeEach(() => {
  engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', {
    TableName: 'atomic',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'g', AttributeType: 'S' },
    ],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    GlobalSecondaryIndexes: [
      {
        IndexName: 'by-g',
        KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
    BillingMode: 'PAY_PER_REQUEST',
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  });
  engine.handle('PutItem', { TableName: 'atomic', Item: { pk: { S: 'kept' }, v: { N: '1' } } });
  databaseOfEngine(engine).exec('DROP TABLE monotable_stream_records');
});
afterEach(() => engine.close());

const item = (pk: string) =>
  (engine.handle('GetItem', { TableName: 'atomic', Key: { pk: { S: pk } } }) as { Item?: object }).Item;
const failure = (request: object) => {
  try {
    engine.handle('PutItem', { TableName: 'atomic', ...request });
  } catch (error) {
    return (error as { type?: string }).type;
  }
  return 'no error';
};

describe('a put whose record cannot be written', () => {
  it('leaves no new item behind (written without a savepoint)', () => {
    expect(failure({ Item: { pk: { S: 'new' }, v: { N: '2' } } })).toBe('InternalServerError');
    expect(item('new')).toBeUndefined();
  });

  it('leaves no new item or index entry behind when an index holds it (written in a savepoint)', () => {
    expect(failure({ Item: { pk: { S: 'indexed' }, g: { S: 'x' } } })).toBe('InternalServerError');
    expect(item('indexed')).toBeUndefined();
    const query = engine.handle('Query', {
      TableName: 'atomic',
      IndexName: 'by-g',
      KeyConditionExpression: 'g = :g',
      ExpressionAttributeValues: { ':g': { S: 'x' } },
    }) as { Count: number };
    expect(query.Count).toBe(0);
  });

  it('leaves the replaced item as it was', () => {
    expect(failure({ Item: { pk: { S: 'kept' }, v: { N: '3' } } })).toBe('InternalServerError');
    expect(item('kept')).toEqual({ pk: { S: 'kept' }, v: { N: '1' } });
  });
});
