import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import '../../support/property-test-seed.js';
import { Engine, type CloudOptions } from '../../../src/engine/engine.js';

/*
 * Random interleavings of writes, reads and clock moves on an engine with an injected
 * clock, checked against a model of each item's history: with lag L, an eventually
 * consistent read answers each item in a state it had at some time in [now - L, now];
 * a strongly consistent read answers the latest; a Query's or Scan's pages, read at one
 * time, compose into the same view as one read without Limit (so into one state per
 * item, in order, none twice); with the cloud behaviour off, every read answers the latest.
 */

const TABLE_LAG = 40;
const INDEX_LAG = 90;
const PARTITIONS = ['a', 'b'] as const;
const SORTS = [1, 2, 3, 4, 5];
const GROUPS = ['x', 'y'] as const;

type Wire = Record<string, Record<string, string>>;

type Step =
  | { readonly kind: 'put'; readonly pk: string; readonly sk: number; readonly g?: string }
  | { readonly kind: 'update'; readonly pk: string; readonly sk: number; readonly g?: string }
  | { readonly kind: 'delete'; readonly pk: string; readonly sk: number }
  | { readonly kind: 'tick'; readonly ms: number }
  | { readonly kind: 'get'; readonly pk: string; readonly sk: number; readonly consistent: boolean }
  | {
      readonly kind: 'query';
      readonly pk: string;
      readonly consistent: boolean;
      readonly limit?: number;
      readonly forward: boolean;
    }
  | { readonly kind: 'index'; readonly g: string; readonly limit?: number; readonly forward: boolean }
  | { readonly kind: 'scan'; readonly consistent: boolean; readonly limit?: number };

const pk = fc.constantFrom(...PARTITIONS);
const sk = fc.constantFrom(...SORTS);
const group = fc.option(fc.constantFrom(...GROUPS), { nil: undefined });
const limit = fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined });
// Writes outnumber clock moves, so that reads often meet several changes not yet seen.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('put' as const), pk, sk, g: group }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('update' as const), pk, sk, g: group }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pk, sk }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      // Mostly short moves, so that changes pile up; now and then past every lag.
      ms: fc.oneof(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: INDEX_LAG + 10 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('get' as const), pk, sk, consistent: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      pk,
      consistent: fc.boolean(),
      limit,
      forward: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('index' as const),
      g: fc.constantFrom(...GROUPS),
      limit,
      forward: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('scan' as const), consistent: fc.boolean(), limit }) },
);

/** One state of an item and when it began (`item` undefined: absent). */
interface Version {
  readonly at: number;
  readonly item: Wire | undefined;
}

/** Each item's history, from which the states a read may answer follow. */
class Model {
  private readonly histories = new Map<string, Version[]>();

  write(key: string, at: number, item: Wire | undefined): void {
    const history = this.history(key);
    history.push({ at, item });
  }

  latest(key: string): Wire | undefined {
    const history = this.history(key);
    return history[history.length - 1].item;
  }

  /** The states the item had at some time in [now - lag, now]. */
  statesWithin(key: string, now: number, lag: number): (Wire | undefined)[] {
    const history = this.history(key);
    if (lag === 0) return [history[history.length - 1].item];
    return history
      .filter((_version, index) => index === history.length - 1 || history[index + 1].at >= now - lag)
      .map((version) => version.item);
  }

  private history(key: string): Version[] {
    let history = this.histories.get(key);
    if (history === undefined) {
      history = [{ at: Number.NEGATIVE_INFINITY, item: undefined }];
      this.histories.set(key, history);
    }
    return history;
  }
}

const keyOf = (pkValue: string, skValue: number | string) => `${pkValue}#${skValue}`;
const itemKey = (item: Wire) => keyOf(item.pk.S, item.sk.N);

function run(steps: readonly Step[], cloud: CloudOptions | undefined): void {
  let now = 1_000;
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0, now: () => now, cloud });
  const tableLag = cloud ? TABLE_LAG : 0;
  const indexLag = cloud ? INDEX_LAG : 0;
  try {
    engine.handle('CreateTable', {
      TableName: 'items',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
        { AttributeName: 'g', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byGroup',
          KeySchema: [
            { AttributeName: 'g', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
    const model = new Model();
    let version = 0;
    for (const current of steps) {
      switch (current.kind) {
        case 'tick':
          now += current.ms;
          break;
        case 'put': {
          const item: Wire = { pk: { S: current.pk }, sk: { N: String(current.sk) }, v: { N: String(++version) } };
          if (current.g) item.g = { S: current.g };
          engine.handle('PutItem', { TableName: 'items', Item: item });
          model.write(keyOf(current.pk, current.sk), now, item);
          break;
        }
        case 'update': {
          const names = { '#v': 'v', ...(current.g ? { '#g': 'g' } : {}) };
          const values: Wire = { ':v': { N: String(++version) }, ...(current.g ? { ':g': { S: current.g } } : {}) };
          const { Attributes } = engine.handle('UpdateItem', {
            TableName: 'items',
            Key: { pk: { S: current.pk }, sk: { N: String(current.sk) } },
            UpdateExpression: current.g ? 'SET #v = :v, #g = :g' : 'SET #v = :v',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          });
          model.write(keyOf(current.pk, current.sk), now, Attributes as Wire);
          break;
        }
        case 'delete':
          engine.handle('DeleteItem', {
            TableName: 'items',
            Key: { pk: { S: current.pk }, sk: { N: String(current.sk) } },
          });
          model.write(keyOf(current.pk, current.sk), now, undefined);
          break;
        case 'get': {
          const { Item } = engine.handle('GetItem', {
            TableName: 'items',
            Key: { pk: { S: current.pk }, sk: { N: String(current.sk) } },
            ConsistentRead: current.consistent,
          });
          const key = keyOf(current.pk, current.sk);
          if (current.consistent) expect(Item).toEqual(model.latest(key));
          else expect(model.statesWithin(key, now, tableLag)).toContainEqual(Item);
          break;
        }
        case 'query': {
          const request = {
            TableName: 'items',
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': { S: current.pk } },
            ConsistentRead: current.consistent,
            ScanIndexForward: current.forward,
          };
          const items = readPages(engine, 'Query', request, current.limit);
          expect(items).toEqual(readPages(engine, 'Query', request, undefined));
          expectSorted(items, current.forward);
          const keys = SORTS.map((sort) => keyOf(current.pk, sort));
          expectView(model, items, keys, current.consistent ? 0 : tableLag, now, () => true);
          break;
        }
        case 'index': {
          const request = {
            TableName: 'items',
            IndexName: 'byGroup',
            KeyConditionExpression: 'g = :g',
            ExpressionAttributeValues: { ':g': { S: current.g } },
            ScanIndexForward: current.forward,
          };
          const items = readPages(engine, 'Query', request, current.limit);
          expect(items).toEqual(readPages(engine, 'Query', request, undefined));
          expectSorted(items, current.forward);
          const keys = PARTITIONS.flatMap((partition) => SORTS.map((sort) => keyOf(partition, sort)));
          expectView(model, items, keys, indexLag, now, (item) => item?.g?.S === current.g);
          break;
        }
        case 'scan': {
          const request = { TableName: 'items', ConsistentRead: current.consistent };
          const items = readPages(engine, 'Scan', request, current.limit);
          expect(items).toEqual(readPages(engine, 'Scan', request, undefined));
          const keys = PARTITIONS.flatMap((partition) => SORTS.map((sort) => keyOf(partition, sort)));
          expectView(model, items, keys, current.consistent ? 0 : tableLag, now, () => true);
          break;
        }
      }
    }
  } finally {
    engine.close();
  }
}

/** Every page of a read, `Limit` items at a time, each page starting at the last one's LastEvaluatedKey. */
function readPages(engine: Engine, operation: string, request: object, limit: number | undefined): Wire[] {
  const items: Wire[] = [];
  let start: unknown;
  do {
    const page = engine.handle(operation, {
      ...request,
      ...(limit === undefined ? {} : { Limit: limit }),
      ...(start === undefined ? {} : { ExclusiveStartKey: start }),
    });
    items.push(...(page.Items as Wire[]));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
}

/** In sort-key order (on the index, items of equal sort keys may come in any order). */
function expectSorted(items: readonly Wire[], forward: boolean): void {
  const sorts = items.map((item) => Number(item.sk.N));
  const sorted = [...sorts].sort((a, b) => (forward ? a - b : b - a));
  expect(sorts).toEqual(sorted);
}

/**
 * Each item of `keys` once at most; one answered is in a state it had within the lag
 * (strongly consistent: the latest); one left out had, within the lag, a state the read
 * does not reach (`reaches`: in the partition or index range read).
 */
function expectView(
  model: Model,
  items: readonly Wire[],
  keys: readonly string[],
  lag: number,
  now: number,
  reaches: (item: Wire | undefined) => boolean,
): void {
  const found = new Map<string, Wire>();
  for (const item of items) {
    expect(found.has(itemKey(item))).toBe(false);
    found.set(itemKey(item), item);
  }
  for (const key of keys) {
    const states = model.statesWithin(key, now, lag);
    const item = found.get(key);
    if (item !== undefined) {
      expect(reaches(item)).toBe(true);
      expect(states).toContainEqual(item);
    } else {
      expect(states.some((state) => state === undefined || !reaches(state))).toBe(true);
    }
  }
}

describe('eventually consistent reads (property)', () => {
  const steps = fc.array(step, { minLength: 1, maxLength: 60 });

  it('answer each item in a state it had within the lag; consistent reads answer the latest; pages compose', () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 0, max: 1000 }), (list, seed) => {
        run(list, { seed, consistency: { replicationLagMs: [0, TABLE_LAG], indexLagMs: [0, INDEX_LAG] } });
      }),
      { numRuns: 150 },
    );
  });

  it('with fixed lags too (every change takes exactly the lag)', () => {
    fc.assert(
      fc.property(steps, (list) => {
        run(list, { consistency: { replicationLagMs: TABLE_LAG, indexLagMs: INDEX_LAG } });
      }),
      { numRuns: 60 },
    );
  });

  it('with the cloud behaviour off, every read answers the latest', () => {
    fc.assert(
      fc.property(steps, (list) => {
        run(list, undefined);
      }),
      { numRuns: 60 },
    );
  });
});
