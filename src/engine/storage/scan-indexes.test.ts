import { describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';
import { databaseOfEngine, sqlTablesOf, temporaryFile } from './storage.test-support.js';

const table = {
  TableName: 'jobs',
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: ['pk', 'sk', 'g', 'l'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    { IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
  ],
  LocalSecondaryIndexes: [
    {
      IndexName: 'byL',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'l', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
};

/**
 * The SQLite indexes on the tables behind `jobs`, each named as on a file (`jobs:scan`,
 * `jobs#byG:segments`): a private in-memory database may keep the table in a slot of
 * another name (private-table-slots.ts).
 */
function indexNames(engine: Engine): string[] {
  const database = databaseOfEngine(engine);
  const tables = sqlTablesOf(database, 'jobs');
  const fileNames = new Map([
    [tables.table, 'jobs'],
    ...Object.entries(tables.indexes).map(([index, sqlName]): [string, string] => [sqlName, `jobs#${index}`]),
  ]);
  const rows = database
    .prepare<[], { name: string; tbl_name: string }>(
      `SELECT name, tbl_name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL`,
    )
    .all();
  return rows
    .filter((row) => fileNames.has(row.tbl_name))
    .map((row) => `${fileNames.get(row.tbl_name)}${row.name.slice(row.tbl_name.length)}`)
    .sort();
}

/** Every page of a scan, with a small Limit so that pages continue from positions. */
function scanAll(engine: Engine, request: Record<string, unknown>): unknown[] {
  const pages: unknown[] = [];
  let start: unknown;
  do {
    const page = engine.handle('Scan', {
      TableName: 'jobs',
      Limit: 7,
      ...request,
      ...(start ? { ExclusiveStartKey: start } : {}),
    }) as {
      Items: unknown[];
      LastEvaluatedKey?: unknown;
    };
    pages.push(page.Items);
    start = page.LastEvaluatedKey;
  } while (start);
  return pages;
}

const scans: Record<string, unknown>[] = [
  {},
  { Segment: 1, TotalSegments: 3 },
  { IndexName: 'byG' },
  { IndexName: 'byG', Segment: 0, TotalSegments: 2 },
  { IndexName: 'byL' },
];

function filled(engine: Engine): Engine {
  engine.handle('CreateTable', table);
  for (let i = 0; i < 40; i++) {
    engine.handle('PutItem', {
      TableName: 'jobs',
      Item: { pk: { S: `P${i % 6}` }, sk: { S: `S${i}` }, g: { S: `G${i % 4}` }, l: { S: `L${(i * 7) % 11}` } },
    });
  }
  return engine;
}

describe('the scan-only indexes of a table', () => {
  it('are made on the first scan in memory, and scans page as they do on a file, which has them from the start', () => {
    const path = temporaryFile();
    const memory = filled(new Engine({ inMemory: true, ttlReapIntervalMs: 0 }));
    const file = filled(new Engine({ path, ttlReapIntervalMs: 0 }));
    try {
      const scanIndexes = ['jobs#byG:segments', 'jobs#byL:segments', 'jobs:scan'];
      expect(indexNames(file)).toEqual(expect.arrayContaining(scanIndexes));
      expect(indexNames(memory).filter((name) => scanIndexes.includes(name))).toEqual([]);
      for (const request of scans) expect(scanAll(memory, request)).toEqual(scanAll(file, request));
      expect(indexNames(memory)).toEqual(indexNames(file));
      // Made once: a store made afresh (after a catalog change) finds them there.
      memory.handle('UpdateTable', {
        TableName: 'jobs',
        BillingMode: 'PROVISIONED',
        ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 },
        GlobalSecondaryIndexUpdates: [
          { Update: { IndexName: 'byG', ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } } },
        ],
      });
      for (const request of scans) expect(scanAll(memory, request)).toEqual(scanAll(file, request));
      expect(indexNames(memory)).toEqual(indexNames(file));
    } finally {
      memory.close();
      file.close();
    }
  });

  it('serve the scan once made: no sort of the whole table per page', () => {
    const memory = filled(new Engine({ inMemory: true, ttlReapIntervalMs: 0 }));
    try {
      scanAll(memory, {});
      const database = databaseOfEngine(memory);
      const sqlName = sqlTablesOf(database, 'jobs').table;
      const plan = database
        .prepare(
          `EXPLAIN QUERY PLAN SELECT data FROM "${sqlName}" WHERE (seg, pk, sk) > (?, ?, ?) ORDER BY seg, pk, sk LIMIT 7`,
        )
        .all(0, '', '') as { detail: string }[];
      expect(plan.map((step) => step.detail).join('; ')).toContain(`${sqlName}:scan`);
      expect(plan.map((step) => step.detail).join('; ')).not.toContain('TEMP B-TREE');
    } finally {
      memory.close();
    }
  });
});
