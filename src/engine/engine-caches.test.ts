import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { DynamoDBError } from './errors.js';

/*
 * What an engine remembers between requests belongs to that engine: another engine's
 * requests neither fill nor read it, a request running inside another's check cannot
 * change its verdict, every cache stays bounded, and clearing changes no answer.
 */

const engines: Engine[] = [];

function newEngine(): Engine {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  engines.push(engine);
  engine.handle('CreateTable', {
    TableName: 'items',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  return engine;
}

afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

function update(engine: Engine, key: string, expression: string, values: Record<string, unknown>): unknown {
  return engine.handle('UpdateItem', {
    TableName: 'items',
    Key: { pk: { S: key } },
    UpdateExpression: expression,
    ConditionExpression: 'attribute_not_exists(locked)',
    ExpressionAttributeValues: values,
    ReturnValues: 'ALL_NEW',
  });
}

function errorOf(run: () => unknown): { type: string; message: string } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof DynamoDBError)) throw error;
    return { type: error.type, message: error.message };
  }
}

describe('engine caches', () => {
  it('are filled by their own engine only', () => {
    const first = newEngine();
    const second = newEngine();
    expect(second.context.caches.size).toBe(0);
    update(first, 'a', 'SET n = :one, s = :s', { ':one': { N: '1' }, ':s': { S: 'x' } });
    first.handle('ExecuteStatement', { Statement: `SELECT * FROM "items" WHERE pk = 'a'` });
    expect(first.context.caches.size).toBeGreaterThan(0);
    expect(second.context.caches.size).toBe(0);
    expect(first.context.caches).not.toBe(second.context.caches);
  });

  it('answer each engine as if it were alone, requests of both interleaved', () => {
    const first = newEngine();
    const second = newEngine();
    const alone = newEngine();
    const requests: Array<[string, string, Record<string, unknown>]> = [
      ['a', 'SET n = :v, s = :w', { ':v': { N: '1' }, ':w': { S: 'x' } }],
      ['a', 'SET s = :v, n = :w', { ':v': { S: 'y' }, ':w': { N: '2' } }],
      ['b', 'SET n = :v, s = :w', { ':v': { N: '3' }, ':w': { S: 'z' } }],
      ['a', 'SET n = :v, s = :w', { ':v': { S: 'not a number' }, ':w': { N: '4' } }],
      ['b', 'SET s = :v, n = :w', { ':v': { S: 'w' }, ':w': { N: '5' } }],
    ];
    for (const [key, expression, values] of requests) {
      const expected = errorOf(() => update(alone, key, expression, values)) ?? update(alone, key, expression, values);
      // The same request on each, one after the other: neither may take the other's remembered checks.
      for (const engine of [first, second]) {
        expect(
          errorOf(() => update(engine, key, expression, values)) ?? update(engine, key, expression, values),
        ).toEqual(expected);
      }
    }
  });

  it('keep the verdict of a request check when another engine checks a request inside it', () => {
    const outer = newEngine();
    const inner = newEngine();
    const input: Record<string, unknown> = { TableName: 'ab' };
    // Read after TableName (the shape's order): the other engine's valid request runs in between.
    Object.defineProperty(input, 'Limit', {
      enumerable: true,
      get: () => {
        inner.handle('Scan', { TableName: 'items', Limit: 1 });
        return 5;
      },
    });
    expect(errorOf(() => outer.handle('Scan', input))).toEqual({
      type: 'ValidationException',
      message:
        "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
    });
  });

  it('stay bounded whatever the number of distinct expressions', () => {
    const engine = newEngine();
    for (let index = 0; index < 700; index++) {
      engine.handle('Scan', {
        TableName: 'items',
        FilterExpression: `attribute_exists(a${index})`,
        ProjectionExpression: `pk, b${index}`,
      });
      update(engine, 'k', `SET c${index} = :v`, { ':v': { N: `${index}` } });
    }
    // Per kind at most 500 trees; 500 write shapes; 1000 update orders (cleared when full).
    expect(engine.context.caches.size).toBeLessThanOrEqual(3 * 500 + 500 + 1000);
    expect(engine.context.caches.size).toBeGreaterThan(0);
  });

  it('are emptied by clearCaches and close, and answers do not change', () => {
    const engine = newEngine();
    const expression = 'SET n = if_not_exists(n, :zero) + :one';
    const values = { ':zero': { N: '0' }, ':one': { N: '1' } };
    expect(update(engine, 'a', expression, values)).toEqual({ Attributes: { pk: { S: 'a' }, n: { N: '1' } } });
    expect(engine.context.caches.size).toBeGreaterThan(0);
    engine.clearCaches();
    expect(engine.context.caches.size).toBe(0);
    expect(update(engine, 'a', expression, values)).toEqual({ Attributes: { pk: { S: 'a' }, n: { N: '2' } } });
    expect(engine.context.caches.size).toBeGreaterThan(0);
    engine.close();
    engines.splice(engines.indexOf(engine), 1);
    expect(engine.context.caches.size).toBe(0);
  });
});
