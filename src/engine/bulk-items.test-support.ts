import { Engine } from './engine.js';
import type { Item } from './values/attribute-value.js';

/*
 * Large tables for tests and reliability scripts, written straight to storage in one
 * write transaction: 200,000 items take about a second this way, many times less than
 * as PutItem calls. What is written is what a PutItem would store.
 */

/** Writes `count` items, `itemOf(0)` … `itemOf(count - 1)`, into the table at once. */
export function writeItemsAtOnce(
  engine: Engine,
  tableName: string,
  count: number,
  itemOf: (index: number) => Item,
): void {
  const storage = engine.context.storage;
  const table = storage.requireTable(tableName);
  storage.writeTransaction(() => {
    for (let index = 0; index < count; index++) storage.putItem(table, itemOf(index));
  });
}

/** Creates table `tableName` (key `pk`, a string; on demand) and writes `count` items into it at once. */
export function createTableOfItems(
  engine: Engine,
  tableName: string,
  count: number,
  itemOf: (index: number) => Item,
): void {
  engine.handle('CreateTable', {
    TableName: tableName,
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  writeItemsAtOnce(engine, tableName, count, itemOf);
}

/** The fixed clock of {@link engineWithExpiredItems}, in epoch seconds. */
export const EXPIRED_ITEMS_NOW_SECONDS = 1_700_000_000;

/**
 * An engine, private in-memory or on the SQLite file `path`, with no background reaper and its
 * clock fixed at {@link EXPIRED_ITEMS_NOW_SECONDS}.
 */
export function engineAtFixedClock(path?: string): Engine {
  return new Engine({
    ...(path === undefined ? { inMemory: true } : { path }),
    ttlReapIntervalMs: 0,
    now: () => EXPIRED_ITEMS_NOW_SECONDS * 1000,
  });
}

/**
 * An engine (private in-memory, or on the SQLite file `path`; no background reaper; its
 * clock fixed at {@link EXPIRED_ITEMS_NOW_SECONDS}) with table `cache` (key `pk`, TTL on `expires`) holding
 * `count` items `old0`, `old1`, … that expired a minute ago.
 *
 * @example
 * const engine = engineWithExpiredItems(20_000);
 * await engine.reapExpiredItemsInBackground(); // → 20000
 */
export function engineWithExpiredItems(count: number, path?: string): Engine {
  const engine = engineAtFixedClock(path);
  engine.handle('CreateTable', {
    TableName: 'cache',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  engine.handle('UpdateTimeToLive', {
    TableName: 'cache',
    TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' },
  });
  const expires = { N: String(EXPIRED_ITEMS_NOW_SECONDS - 60) };
  writeItemsAtOnce(engine, 'cache', count, (index) => ({ pk: { S: `old${index}` }, expires }));
  return engine;
}
