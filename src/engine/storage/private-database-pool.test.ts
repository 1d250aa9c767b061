import type * as Database from './sqlite-driver.js';
import { afterEach, describe, expect, it } from 'vitest';
import { closeIdleInMemoryDatabases, Engine } from '../engine.js';
import { GROWTH_LIMIT_PAGES, POOL_LIMIT } from './private-database-pool.js';
import { databaseOfEngine } from './storage.test-support.js';

/*
 * A closed engine's private database is rolled back and handed to the next engine
 * (private-database-pool.ts) only when it then holds exactly what a new copy of the
 * template holds; otherwise it is closed.
 */

const engines: Engine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

const S = (value: string) => ({ S: value });

function newEngine(): Engine {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  engines.push(engine);
  return engine;
}

const jobs = {
  TableName: 'jobs',
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: ['pk', 'sk', 'g'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    { IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
  ],
  StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
};

/** An engine that wrote a table, its items, stream records and a TTL setting, then closed. */
function usedAndClosed(): Database.Database {
  const engine = newEngine();
  engine.handle('CreateTable', jobs);
  for (let i = 0; i < 30; i++) {
    engine.handle('PutItem', { TableName: 'jobs', Item: { pk: S(`p${i % 3}`), sk: S(`s${i}`), g: S(`g${i % 2}`) } });
  }
  engine.handle('UpdateItem', {
    TableName: 'jobs',
    Key: { pk: S('p0'), sk: S('s0') },
    UpdateExpression: 'SET n = :n',
    ExpressionAttributeValues: { ':n': { N: '1' } },
  });
  engine.handle('Query', {
    TableName: 'jobs',
    IndexName: 'byG',
    KeyConditionExpression: 'g = :g',
    ExpressionAttributeValues: { ':g': S('g1') },
  });
  const database = databaseOfEngine(engine);
  engine.close();
  return database;
}

function everyRowCount(database: Database.Database): Record<string, number> {
  const tables = database
    .prepare<[], string>(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
    .pluck()
    .all();
  return Object.fromEntries(
    tables.map((name) => [
      name,
      database.prepare<[], number>(`SELECT count(*) FROM "${name}"`).pluck().get() as number,
    ]),
  );
}

describe('the pool of private databases', () => {
  it('hands a closed engine’s database to the next engine, holding nothing the first one wrote', () => {
    const fresh = newEngine();
    const emptyCounts = everyRowCount(databaseOfEngine(fresh));
    fresh.close();
    const used = usedAndClosed();
    const next = newEngine();
    expect(databaseOfEngine(next)).toBe(used);
    expect(everyRowCount(used)).toEqual(emptyCounts);
    expect(next.handle('ListTables', {})).toEqual({ TableNames: [] });
    expect(() => next.handle('DescribeTable', { TableName: 'jobs' })).toThrow('Requested resource not found');
    // The same table made again starts empty, its stream without records.
    next.handle('CreateTable', jobs);
    expect(next.handle('Scan', { TableName: 'jobs' })).toMatchObject({ Count: 0 });
    expect(next.handle('Scan', { TableName: 'jobs', IndexName: 'byG' })).toMatchObject({ Count: 0 });
    // Only the new table's stream: the first engine's is gone with its table.
    const { Streams } = next.handle('DynamoDBStreams_20120810.ListStreams', {}) as { Streams: unknown[] };
    expect(Streams).toHaveLength(1);
  });

  it('hands the statements an engine prepared to the next one, each once, in the plain row mode', () => {
    const first = newEngine();
    const database = databaseOfEngine(first);
    const sql = 'SELECT key, value FROM monotable_meta ORDER BY key';
    const statement = database.prepare(sql).pluck();
    expect(database.prepare(sql)).not.toBe(statement);
    first.close();
    const second = newEngine();
    expect(databaseOfEngine(second)).toBe(database);
    const again = database.prepare(sql);
    expect(again).toBe(statement);
    expect(again.get()).toEqual({ key: 'catalog_version', value: '0' });
  });

  it('closes a database on which DDL ran (a scan made its scan index)', () => {
    const engine = newEngine();
    engine.handle('CreateTable', jobs);
    engine.handle('Scan', { TableName: 'jobs' });
    const database = databaseOfEngine(engine);
    engine.close();
    expect(database.open).toBe(false);
    expect(databaseOfEngine(newEngine())).not.toBe(database);
  });

  it('closes a database whose writes were committed', () => {
    const engine = newEngine();
    engine.handle('CreateTable', jobs);
    const storage = engine.context.storage as unknown as { transactions: { held: { commitNow(): void } } };
    storage.transactions.held.commitNow();
    const database = databaseOfEngine(engine);
    engine.close();
    expect(database.open).toBe(false);
  });

  it('closes a database that a write outside the held transaction changed', () => {
    const engine = newEngine();
    const database = databaseOfEngine(engine);
    database.prepare(`INSERT INTO monotable_meta (key, value) VALUES ('mark', 'x')`).run();
    engine.close();
    expect(database.open).toBe(false);
  });

  it('never hands out a database whose close was refused for a statement still running', () => {
    const engine = newEngine();
    engine.handle('CreateTable', jobs);
    const database = databaseOfEngine(engine);
    const rows = database.prepare('SELECT name FROM monotable_tables').iterate();
    rows.next();
    // As before pooling: better-sqlite3 refuses to close a connection that is mid-query.
    expect(() => engine.close()).toThrow('busy executing a query');
    rows.return?.();
    expect(databaseOfEngine(newEngine())).not.toBe(database);
    database.close();
  });

  it(`closes a database that grew by more than ${GROWTH_LIMIT_PAGES} pages, whose memory it would keep`, () => {
    const small = newEngine();
    small.handle('CreateTable', jobs);
    small.handle('PutItem', { TableName: 'jobs', Item: { pk: S('a'), sk: S('b'), text: S('x'.repeat(300_000)) } });
    const kept = databaseOfEngine(small);
    small.close();
    expect(kept.open).toBe(true);
    const large = newEngine();
    large.handle('CreateTable', jobs);
    for (let i = 0; i < 5; i++) {
      large.handle('PutItem', { TableName: 'jobs', Item: { pk: S('a'), sk: S(`${i}`), text: S('x'.repeat(300_000)) } });
    }
    const grown = databaseOfEngine(large);
    large.close();
    expect(grown.open).toBe(false);
  });

  it(`keeps at most ${POOL_LIMIT} databases`, () => {
    const open = Array.from({ length: POOL_LIMIT + 2 }, () => newEngine());
    const databases = open.map(databaseOfEngine);
    for (const engine of open) engine.close();
    expect(databases.filter((database) => database.open)).toHaveLength(POOL_LIMIT);
  });

  it('closes the databases it keeps when asked, and opens new ones after', () => {
    closeIdleInMemoryDatabases();
    const engine = newEngine();
    const database = databaseOfEngine(engine);
    engine.close();
    expect(database.open).toBe(true);
    expect(closeIdleInMemoryDatabases()).toBe(1);
    expect(database.open).toBe(false);
    expect(databaseOfEngine(newEngine())).not.toBe(database);
  });

  it('answers nothing more to a closed engine, whose database another engine may use', () => {
    const closed = newEngine();
    closed.handle('CreateTable', jobs);
    closed.close();
    const next = newEngine();
    next.handle('CreateTable', { ...jobs, TableName: 'other' });
    expect(() => closed.handle('ListTables', {})).toThrow('The database connection is not open');
    expect(() => closed.handle('PutItem', { TableName: 'other', Item: { pk: S('a'), sk: S('b') } })).toThrow(
      'The database connection is not open',
    );
    expect(next.handle('Scan', { TableName: 'other' })).toMatchObject({ Count: 0 });
  });
});
