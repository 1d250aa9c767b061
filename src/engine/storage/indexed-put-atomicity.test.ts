import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';

/*
 * A private in-memory engine writes a new item and its index entries without a savepoint
 * (table-store.ts putItemAlone): when an entry cannot be written, neither the item nor an
 * entry written before it may stay. A trigger makes the insert into one index table fail.
 */

let engine: Engine;
const TABLE = 'atomic';

beforeEach(() => {
  engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', {
    TableName: TABLE,
    AttributeDefinitions: ['pk', 'a', 'b'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    GlobalSecondaryIndexes: ['a', 'b'].map((name) => ({
      IndexName: `by-${name}`,
      KeySchema: [{ AttributeName: name, KeyType: 'HASH' }],
      Projection: { ProjectionType: 'ALL' },
    })),
    BillingMode: 'PAY_PER_REQUEST',
  });
  engine.handle('PutItem', { TableName: TABLE, Item: { pk: { S: 'kept' }, a: { S: 'x' }, b: { S: 'x' } } });
});
afterEach(() => engine.close());

/** Makes every insert into the SQLite table of index `indexName` fail. */
function failInsertsInto(indexName: string): void {
  const { database } = engine.context.storage as unknown as {
    database: { exec(sql: string): void; prepare(sql: string): { pluck(): { get(...args: unknown[]): unknown } } };
  };
  const tables = database
    .prepare('SELECT index_tables FROM monotable_tables WHERE name = ?')
    .pluck()
    .get(TABLE) as string;
  const sqlName = (JSON.parse(tables) as Record<string, string>)[indexName];
  const quoted = `"${sqlName.replaceAll('"', '""')}"`;
  database.exec(`CREATE TRIGGER "fail" BEFORE INSERT ON ${quoted} BEGIN SELECT RAISE(ABORT, 'entry refused'); END`);
}

const item = (pk: string) =>
  (engine.handle('GetItem', { TableName: TABLE, Key: { pk: { S: pk } } }) as { Item?: object }).Item;
const countIn = (index: 'a' | 'b') =>
  (
    engine.handle('Query', {
      TableName: TABLE,
      IndexName: `by-${index}`,
      KeyConditionExpression: '#k = :v',
      ExpressionAttributeNames: { '#k': index },
      ExpressionAttributeValues: { ':v': { S: 'y' } },
    }) as { Count: number }
  ).Count;
const put = (request: object) => () => engine.handle('PutItem', { TableName: TABLE, ...request });

describe('a new item whose index entry cannot be written', () => {
  it('leaves neither the item nor the entry of an index written before', () => {
    failInsertsInto('by-b');
    expect(put({ Item: { pk: { S: 'new' }, a: { S: 'y' }, b: { S: 'y' } } })).toThrow();
    expect(item('new')).toBeUndefined();
    expect(countIn('a')).toBe(0);
    expect(countIn('b')).toBe(0);
    expect(item('kept')).toEqual({ pk: { S: 'kept' }, a: { S: 'x' }, b: { S: 'x' } });
  });

  it('leaves no item when the first index refuses its entry', () => {
    failInsertsInto('by-a');
    expect(put({ Item: { pk: { S: 'new' }, a: { S: 'y' } } })).toThrow();
    expect(item('new')).toBeUndefined();
    expect(countIn('a')).toBe(0);
  });

  it('writes item and entries as before once nothing refuses them', () => {
    put({ Item: { pk: { S: 'new' }, a: { S: 'y' }, b: { S: 'y' } } })();
    expect(item('new')).toEqual({ pk: { S: 'new' }, a: { S: 'y' }, b: { S: 'y' } });
    expect([countIn('a'), countIn('b')]).toEqual([1, 1]);
  });
});
