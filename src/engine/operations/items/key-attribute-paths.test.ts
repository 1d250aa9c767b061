import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

const key = { pk: { S: 'k' }, sk: { S: '1' } };
const scalars = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed";

/** A table `keyed` (pk, sk) with a GSI on `g`, holding one item. */
function keyedTable(): Engine {
  const engine = testEngine();
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
  engine.handle('PutItem', { TableName: 'keyed', Item: { ...key, g: { S: 'x' } } });
  return engine;
}

describe('paths into key attributes are rejected in item operations', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = keyedTable();
  });
  afterEach(() => engine.close());

  const values = { ':v': { S: 'x' } };

  it('GetItem projections, table keys before index keys and before the key schema check', () => {
    const get = (projection: string, requestKey: Record<string, unknown> = key) =>
      errorOf(() => engine.handle('GetItem', { TableName: 'keyed', Key: requestKey, ProjectionExpression: projection }))
        .message;
    expect(get('g.x')).toBe(`${scalars}: IndexKey: g`);
    expect(get('g.x, sk[0]')).toBe(`${scalars}: Key: sk`);
    expect(get('pk.y', { pk: { S: 'k' }, sk: { N: '1' } })).toBe(`${scalars}: Key: pk`);
  });

  it('conditions of PutItem and DeleteItem, before the condition is evaluated', () => {
    const put = () =>
      engine.handle('PutItem', {
        TableName: 'keyed',
        Item: key,
        ConditionExpression: 'pk.x = :v',
        ExpressionAttributeValues: values,
      });
    expect(errorOf(put).message).toBe(`${scalars}: Key: pk`);
    const remove = () =>
      engine.handle('DeleteItem', { TableName: 'keyed', Key: key, ConditionExpression: 'attribute_exists(g[1])' });
    expect(errorOf(remove).message).toBe(`${scalars}: IndexKey: g`);
  });

  it('UpdateItem paths, after the condition and after an update of a key attribute', () => {
    const update = (request: Record<string, unknown>) =>
      errorOf(() => engine.handle('UpdateItem', { TableName: 'keyed', Key: key, ...request }));
    expect(update({ UpdateExpression: 'SET a = g.x' }).message).toBe(`${scalars}: IndexKey: g`);
    expect(
      update({ UpdateExpression: 'SET a = if_not_exists(pk.x, :v)', ExpressionAttributeValues: values }).message,
    ).toBe(`${scalars}: Key: pk`);
    expect(update({ UpdateExpression: 'SET g.x = :v, pk = :v', ExpressionAttributeValues: values }).message).toBe(
      'One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key',
    );
    const failing = {
      UpdateExpression: 'SET g.x = :v',
      ConditionExpression: 'attribute_exists(zz)',
      ExpressionAttributeValues: values,
    };
    expect(update(failing).type).toBe('ConditionalCheckFailedException');
  });
});

describe('paths into key attributes are rejected in BatchGetItem and TransactGetItems projections', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = keyedTable();
  });
  afterEach(() => engine.close());

  const batchGet = (entry: Record<string, unknown>) =>
    errorOf(() => engine.handle('BatchGetItem', { RequestItems: { keyed: { Keys: [key], ...entry } } }));
  const transactGet = (...gets: Record<string, unknown>[]) =>
    errorOf(() =>
      engine.handle('TransactGetItems', {
        TransactItems: gets.map((get) => ({ Get: { TableName: 'keyed', Key: key, ...get } })),
      }),
    );

  it('BatchGetItem projections, after the keys are checked', () => {
    expect(batchGet({ ProjectionExpression: 'v, pk.y' }).message).toBe(`${scalars}: Key: pk`);
    expect(batchGet({ ProjectionExpression: '#g[0]', ExpressionAttributeNames: { '#g': 'g' } }).message).toBe(
      `${scalars}: IndexKey: g`,
    );
    expect(batchGet({ Keys: [{ pk: { S: 'k' } }], ProjectionExpression: 'g.y' }).message).toBe(
      'The provided key element does not match the schema',
    );
    expect(batchGet({ Keys: [key, key], ProjectionExpression: 'g.y' }).message).toBe(
      'Provided list of item keys contains duplicates',
    );
    expect(batchGet({ Keys: [{ pk: { S: 'k' } }], ProjectionExpression: '#u' }).message).toBe(
      'The provided key element does not match the schema',
    );
  });

  it('TransactGetItems projections fail the request, before the key schema is checked', () => {
    expect(transactGet({ ProjectionExpression: 'v, pk.y' })).toMatchObject({
      type: 'ValidationException',
      message: `${scalars}: Key: pk`,
    });
    expect(transactGet({}, { Key: { pk: { S: 'k' } }, ProjectionExpression: 'g.y' })).toMatchObject({
      type: 'ValidationException',
      message: `${scalars}: IndexKey: g`,
    });
  });
});

describe('paths into index keys are reported LSIs first, each kind in DynamoDB hash order of index names', () => {
  it('names the LSI key before the GSI key, and orders indexes of one kind by name hash, not definition', () => {
    const engine = testEngine();
    const global = (name: string, attribute: string) =>
      ({
        name,
        kind: 'global',
        partitionKeys: [{ name: attribute, type: 'S' }],
        sortKeys: [],
        projection: { type: 'ALL' },
      }) as const;
    const local = (name: string, attribute: string) =>
      ({
        name,
        kind: 'local',
        partitionKeys: [{ name: 'pk', type: 'S' }],
        sortKeys: [{ name: attribute, type: 'S' }],
        projection: { type: 'KEYS_ONLY' },
      }) as const;
    createTestTable(engine, {
      name: 'indexed',
      sortKey: { name: 'sk', type: 'S' },
      // Definition order and name order both differ from the hash order (lsib, lsia; ixpb, ixab, ixmd).
      localIndexes: [local('lsia', 'la'), local('lsib', 'lb')],
      globalIndexes: [global('ixmd', 'zqo'), global('ixab', 'zqs'), global('ixpb', 'zqj')],
    });
    const get = (projection: string) =>
      errorOf(() => engine.handle('GetItem', { TableName: 'indexed', Key: key, ProjectionExpression: projection }))
        .message;
    expect(get('zqo.y, la.y')).toBe(`${scalars}: IndexKey: la`);
    expect(get('la.y, lb.y')).toBe(`${scalars}: IndexKey: lb`);
    expect(get('zqo.y, zqs.y, zqj.y')).toBe(`${scalars}: IndexKey: zqj`);
    engine.close();
  });
});
