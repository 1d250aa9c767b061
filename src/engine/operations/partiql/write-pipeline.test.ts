import { describe, expect, it } from 'vitest';
import { Engine } from '../../engine.js';

/** PartiQL writes run through the item operations' write pipeline: indexes, TTL, the items themselves. */
function engineWithTable(): Engine {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0, now: () => 2_000_000_000_000 });
  engine.handle('CreateTable', {
    TableName: 'pipe',
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'g', AttributeType: 'S' },
    ],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    GlobalSecondaryIndexes: [
      {
        IndexName: 'by_g',
        KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  });
  engine.handle('UpdateTimeToLive', {
    TableName: 'pipe',
    TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' },
  });
  return engine;
}

const itemOf = (engine: Engine, pk: string) =>
  engine.handle('GetItem', { TableName: 'pipe', Key: { pk: { S: pk } } }).Item as Record<string, unknown>;

describe('PartiQL writes and the write pipeline', () => {
  it('INSERT and UPDATE leave the items PutItem and UpdateItem leave', () => {
    const engine = engineWithTable();
    engine.handle('ExecuteStatement', {
      Statement: `INSERT INTO pipe VALUE {'pk': 'p', 'n': 1.50, 'l': [1], 'ss': <<'b', 'a'>>}`,
    });
    engine.handle('PutItem', {
      TableName: 'pipe',
      Item: { pk: { S: 'q' }, n: { N: '1.50' }, l: { L: [{ N: '1' }] }, ss: { SS: ['b', 'a'] } },
    });
    engine.handle('ExecuteStatement', {
      Statement: `UPDATE pipe SET n = n + 1 SET l = list_append(l, [2]) SET ss = set_add(ss, <<'c'>>) WHERE pk = 'p'`,
    });
    engine.handle('UpdateItem', {
      TableName: 'pipe',
      Key: { pk: { S: 'q' } },
      UpdateExpression: 'SET n = n + :one, l = list_append(l, :two) ADD ss :c',
      ExpressionAttributeValues: { ':one': { N: '1' }, ':two': { L: [{ N: '2' }] }, ':c': { SS: ['c'] } },
    });
    expect({ ...itemOf(engine, 'p'), pk: undefined }).toEqual({ ...itemOf(engine, 'q'), pk: undefined });
  });

  it('an INSERT is in the GSI, and an expired TTL attribute is reaped', () => {
    const engine = engineWithTable();
    engine.handle('ExecuteStatement', {
      Statement: `INSERT INTO pipe VALUE {'pk': 'p', 'g': 'G', 'expires': 1999999000}`,
    });
    const byIndex = engine.handle('ExecuteStatement', { Statement: `SELECT pk FROM "pipe"."by_g" WHERE g = 'G'` });
    expect(byIndex.Items).toEqual([{ pk: { S: 'p' } }]);
    expect(engine.reapExpiredItems()).toBe(1);
    expect(engine.handle('ExecuteStatement', { Statement: `SELECT * FROM pipe WHERE pk = 'p'` }).Items).toEqual([]);
  });

  it('a DELETE takes the item out of the GSI', () => {
    const engine = engineWithTable();
    engine.handle('ExecuteStatement', { Statement: `INSERT INTO pipe VALUE {'pk': 'p', 'g': 'G'}` });
    engine.handle('ExecuteStatement', { Statement: `DELETE FROM pipe WHERE pk = 'p'` });
    expect(
      engine.handle('ExecuteStatement', { Statement: `SELECT pk FROM "pipe"."by_g" WHERE g = 'G'` }).Items,
    ).toEqual([]);
  });
});
