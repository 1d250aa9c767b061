import { Engine } from '../engine.js';
import { DynamoDBError } from '../errors.js';
import type { Item } from '../values/attribute-value.js';

/** An in-memory engine for one test, without the TTL reaper's timer. */
export function newEngine(): Engine {
  return new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
}

/** A table `pk` (S) / `sk` (N), with a GSI `gsi` on `gpk`/`gsk` (projection `gsiProjection`) and an LSI `lsi` on `pk`/`lsk`. */
export function createOrdersTable(
  engine: Engine,
  name = 'orders',
  gsiProjection: Record<string, unknown> = { ProjectionType: 'ALL' },
): void {
  engine.handle('CreateTable', {
    TableName: name,
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'N' },
      { AttributeName: 'gpk', AttributeType: 'S' },
      { AttributeName: 'gsk', AttributeType: 'N' },
      { AttributeName: 'lsk', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
    GlobalSecondaryIndexes: [
      {
        IndexName: 'gsi',
        KeySchema: [
          { AttributeName: 'gpk', KeyType: 'HASH' },
          { AttributeName: 'gsk', KeyType: 'RANGE' },
        ],
        Projection: gsiProjection,
      },
    ],
    LocalSecondaryIndexes: [
      {
        IndexName: 'lsi',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'lsk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['a'] },
      },
    ],
  });
}

/** A table with only a partition key `pk` (S). */
export function createHashTable(engine: Engine, name = 'things'): void {
  engine.handle('CreateTable', {
    TableName: name,
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
}

export function put(engine: Engine, tableName: string, item: Item): void {
  engine.handle('PutItem', { TableName: tableName, Item: item });
}

/** The error an operation answers with (fails the test if it succeeds). */
export function errorOf(run: () => unknown): DynamoDBError {
  try {
    run();
  } catch (error) {
    if (error instanceof DynamoDBError) return error;
    throw error;
  }
  throw new Error('expected a DynamoDB error');
}

/**
 * Counts the items storage yields to Query and Scan (rows read), wrapping the engine's
 * storage methods. Returns live counters.
 */
export function countRowsRead(engine: Engine): { query: number; scan: number; queryCalls: number; scanCalls: number } {
  const counters = { query: 0, scan: 0, queryCalls: 0, scanCalls: 0 };
  const storage = engine.context.storage;
  const queryItems = storage.queryItems.bind(storage);
  const scanItems = storage.scanItems.bind(storage);
  storage.queryItems = function* (table, request) {
    counters.queryCalls++;
    for (const row of queryItems(table, request)) {
      counters.query++;
      yield row;
    }
  };
  storage.scanItems = function* (table, request) {
    counters.scanCalls++;
    for (const row of scanItems(table, request)) {
      counters.scan++;
      yield row;
    }
  };
  return counters;
}

/** Follows `LastEvaluatedKey` to the end; returns every page's response. */
export function allPages(
  engine: Engine,
  operation: 'Query' | 'Scan',
  request: Record<string, unknown>,
): Record<string, unknown>[] {
  const pages: Record<string, unknown>[] = [];
  let startKey: unknown;
  do {
    const response = engine.handle(operation, startKey ? { ...request, ExclusiveStartKey: startKey } : request);
    pages.push(response);
    startKey = response.LastEvaluatedKey;
    if (pages.length > 10_000) throw new Error('pagination does not end');
  } while (startKey);
  return pages;
}
