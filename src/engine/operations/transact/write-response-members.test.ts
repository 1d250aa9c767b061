import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, testEngine } from '../../test-tables.test-support.js';

/*
 * The optional answer members of TransactWriteItems and BatchWriteItem: ConsumedCapacity
 * only when asked, ItemCollectionMetrics only for tables with a local secondary index and
 * only for items written, grouped by table in request order.
 */
describe('write answers with ItemCollectionMetrics and ConsumedCapacity', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    const sortKey = { name: 'sk', type: 'S' } as const;
    createTestTable(engine, {
      name: 'local',
      sortKey,
      localIndexes: [
        {
          name: 'byOther',
          kind: 'local',
          partitionKeys: [{ name: 'pk', type: 'S' }],
          sortKeys: [{ name: 'other', type: 'S' }],
          projection: { type: 'ALL' },
        },
      ],
    });
    createTestTable(engine, { name: 'plain', sortKey });
    engine.handle('PutItem', { TableName: 'local', Item: { pk: { S: 'a' }, sk: { S: 'held' } } });
  });
  afterEach(() => engine.close());

  const item = (pk: string, sk: string) => ({ pk: { S: pk }, sk: { S: sk } });
  const metrics = (pk: string) => ({ ItemCollectionKey: { pk: { S: pk } }, SizeEstimateRangeGB: [0, 1] });

  it('TransactWriteItems: metrics of the written items of indexed tables, none for a ConditionCheck', () => {
    const response = engine.handle('TransactWriteItems', {
      TransactItems: [
        { Put: { TableName: 'plain', Item: item('p', '1') } },
        { Put: { TableName: 'local', Item: item('b', '1') } },
        { ConditionCheck: { TableName: 'local', Key: item('a', 'held'), ConditionExpression: 'attribute_exists(pk)' } },
        { Delete: { TableName: 'local', Key: item('c', 'none') } },
      ],
      ReturnItemCollectionMetrics: 'SIZE',
      ReturnConsumedCapacity: 'TOTAL',
      ClientRequestToken: 'token',
    });
    expect(response).toEqual({
      ConsumedCapacity: [
        { TableName: 'plain', CapacityUnits: 2, WriteCapacityUnits: 2 },
        { TableName: 'local', CapacityUnits: 6, WriteCapacityUnits: 6 },
      ],
      ItemCollectionMetrics: { local: [metrics('b'), metrics('c')] },
    });
    expect(Object.keys(response)).toEqual(['ConsumedCapacity', 'ItemCollectionMetrics']);
  });

  it('TransactWriteItems: no members when none are asked for or none apply', () => {
    const puts = [{ Put: { TableName: 'plain', Item: item('p', '2') } }];
    expect(engine.handle('TransactWriteItems', { TransactItems: puts })).toEqual({});
    expect(
      engine.handle('TransactWriteItems', {
        TransactItems: puts,
        ReturnItemCollectionMetrics: 'SIZE',
        ReturnConsumedCapacity: 'NONE',
      }),
    ).toEqual({});
  });

  it('BatchWriteItem: metrics per indexed table, capacity per table', () => {
    const response = engine.handle('BatchWriteItem', {
      RequestItems: {
        local: [{ PutRequest: { Item: item('b', '1') } }, { DeleteRequest: { Key: item('a', 'held') } }],
        plain: [{ PutRequest: { Item: item('p', '1') } }],
      },
      ReturnItemCollectionMetrics: 'SIZE',
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(response).toEqual({
      UnprocessedItems: {},
      ConsumedCapacity: [
        { TableName: 'local', CapacityUnits: 2 },
        { TableName: 'plain', CapacityUnits: 1 },
      ],
      ItemCollectionMetrics: { local: [metrics('b'), metrics('a')] },
    });
    expect(Object.keys(response)).toEqual(['UnprocessedItems', 'ConsumedCapacity', 'ItemCollectionMetrics']);
    expect(
      engine.handle('BatchWriteItem', {
        RequestItems: { plain: [{ PutRequest: { Item: item('p', '3') } }] },
        ReturnItemCollectionMetrics: 'SIZE',
      }),
    ).toEqual({ UnprocessedItems: {} });
  });
});
