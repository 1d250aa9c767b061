import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../shared/test-tables.test-support.js';

const key = { pk: { S: 'k' }, sk: { S: '1' } };
const scalars = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed";

describe('paths into key attributes are rejected in item operations', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = testEngine();
    createTestTable(engine, {
      name: 'keyed',
      sortKey: { name: 'sk', type: 'S' },
      globalIndexes: [{ name: 'gsi', kind: 'global', partitionKey: { name: 'g', type: 'S' }, projection: { type: 'KEYS_ONLY' } }],
    });
    engine.handle('PutItem', { TableName: 'keyed', Item: { ...key, g: { S: 'x' } } });
  });
  afterEach(() => engine.close());

  const values = { ':v': { S: 'x' } };

  it('GetItem projections, table keys before index keys and before the key schema check', () => {
    const get = (projection: string, requestKey: Record<string, unknown> = key) =>
      errorOf(() => engine.handle('GetItem', { TableName: 'keyed', Key: requestKey, ProjectionExpression: projection })).message;
    expect(get('g.x')).toBe(`${scalars}: IndexKey: g`);
    expect(get('g.x, sk[0]')).toBe(`${scalars}: Key: sk`);
    expect(get('pk.y', { pk: { S: 'k' }, sk: { N: '1' } })).toBe(`${scalars}: Key: pk`);
  });

  it('conditions of PutItem and DeleteItem, before the condition is evaluated', () => {
    const put = () =>
      engine.handle('PutItem', { TableName: 'keyed', Item: key, ConditionExpression: 'pk.x = :v', ExpressionAttributeValues: values });
    expect(errorOf(put).message).toBe(`${scalars}: Key: pk`);
    const remove = () => engine.handle('DeleteItem', { TableName: 'keyed', Key: key, ConditionExpression: 'attribute_exists(g[1])' });
    expect(errorOf(remove).message).toBe(`${scalars}: IndexKey: g`);
  });

  it('UpdateItem paths, after the condition and after an update of a key attribute', () => {
    const update = (request: Record<string, unknown>) => errorOf(() => engine.handle('UpdateItem', { TableName: 'keyed', Key: key, ...request }));
    expect(update({ UpdateExpression: 'SET a = g.x' }).message).toBe(`${scalars}: IndexKey: g`);
    expect(update({ UpdateExpression: 'SET a = if_not_exists(pk.x, :v)', ExpressionAttributeValues: values }).message).toBe(
      `${scalars}: Key: pk`,
    );
    expect(update({ UpdateExpression: 'SET g.x = :v, pk = :v', ExpressionAttributeValues: values }).message).toBe(
      'One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key',
    );
    const failing = { UpdateExpression: 'SET g.x = :v', ConditionExpression: 'attribute_exists(zz)', ExpressionAttributeValues: values };
    expect(update(failing).type).toBe('ConditionalCheckFailedException');
  });
});
