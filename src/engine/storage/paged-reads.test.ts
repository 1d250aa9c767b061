import { describe, expect, it } from 'vitest';
import type { Item } from '../values/attribute-value.js';
import { encodeKeyValue } from '../values/index.js';
import { segmentRange } from './segment-hash.js';
import type { IndexDefinition, Storage, StoredTableDefinition } from './storage.js';
import {
  b,
  createTable,
  memoryStorage,
  n,
  s,
  sqlTablesOf,
  tableDefinition,
  parsedReads,
  databaseOf,
} from './storage.test-support.js';

/*
 * Reads longer than a page (32 rows at first, then growing) continue after the last row
 * of each page at a position computed from that row's keys. Each read here is compared
 * with one SQL statement that reads the same rows in the same order without paging.
 */

const index = (
  name: string,
  kind: 'global' | 'local',
  partition: { name: string; type: 'S' | 'N' | 'B' },
  sort: { name: string; type: 'S' | 'N' | 'B' } | undefined,
  type: 'ALL' | 'KEYS_ONLY',
): IndexDefinition => ({ name, kind, partitionKeys: [partition], sortKeys: sort ? [sort] : [], projection: { type } });

interface Layout {
  readonly definition: StoredTableDefinition;
  readonly item: (partition: number, child: number) => Item;
}

const layouts: Record<string, Layout> = {
  'string and number keys': {
    definition: tableDefinition(
      't',
      { name: 'pk', type: 'S' },
      { name: 'sk', type: 'N' },
      {
        // Few distinct index keys: long runs of entries ordered by their tie.
        global: [
          index('bySort', 'global', { name: 'g', type: 'S' }, { name: 'gs', type: 'N' }, 'KEYS_ONLY'),
          index('byHash', 'global', { name: 'g', type: 'S' }, undefined, 'ALL'),
        ],
        local: [index('byLocal', 'local', { name: 'pk', type: 'S' }, { name: 'ls', type: 'S' }, 'ALL')],
      },
    ),
    item: (partition, child) => ({
      pk: s(`p${partition}`),
      sk: n(String(child * 7 - 300)),
      g: s(`g${child % 2}`),
      gs: n(String(child % 3)),
      ls: s(`l${child % 5}`),
      data: s('x'.repeat(child % 13)),
    }),
  },
  'binary keys': {
    definition: tableDefinition(
      't',
      { name: 'pk', type: 'B' },
      { name: 'sk', type: 'B' },
      {
        global: [index('byBinary', 'global', { name: 'g', type: 'B' }, { name: 'gs', type: 'B' }, 'ALL')],
      },
    ),
    item: (partition, child) => ({
      pk: b([partition, 0]),
      sk: b([child >> 4, child & 15, 255]),
      g: b([child % 2]),
      gs: b([child % 3]),
    }),
  },
};

const PARTITIONS = 4;
const CHILDREN = 130;

function filled(storage: Storage, layout: Layout): StoredTableDefinition {
  const table = createTable(storage, layout.definition);
  storage.writeTransaction(() => {
    for (let partition = 0; partition < PARTITIONS; partition++) {
      for (let child = 0; child < CHILDREN; child++) storage.putItem(table, layout.item(partition, child));
    }
  });
  return table;
}

/** The items of one unpaged statement, for comparison. */
function reference(storage: Storage, sql: string, ...parameters: unknown[]): Item[] {
  return (
    databaseOf(storage)
      .prepare(sql)
      .pluck()
      .all(...parameters) as string[]
  ).map((data) => JSON.parse(data) as Item);
}

function keysOf(items: Iterable<Item>): string[] {
  return [...items].map((item) => JSON.stringify([item.pk, item.sk]));
}

describe.each(Object.entries(layouts))('paged reads with %s', (_name, layout) => {
  it('query a table partition forward and backward, across pages', () => {
    const storage = memoryStorage();
    const table = filled(storage, layout);
    const partitionValue = layout.item(0, 0).pk;
    const pk = encodeKeyValue(partitionValue);
    for (const forward of [true, false]) {
      const expected = reference(
        storage,
        `SELECT data FROM "${sqlTablesOf(databaseOf(storage), 't').table}" WHERE pk = ? ORDER BY sk${forward ? '' : ' DESC'}`,
        pk,
      );
      expect(expected).toHaveLength(CHILDREN);
      const read = [...storage.queryItems(table, { partitionValues: [partitionValue], forward })].map(
        (row) => row.item,
      );
      expect(keysOf(read)).toEqual(keysOf(expected));
      expect(
        keysOf(parsedReads(storage).queryItems(table, { partitionValues: [partitionValue], forward, limit: 100 })),
      ).toEqual(keysOf(expected.slice(0, 100)));
    }
  });

  it('query every index partition forward and backward, across pages', () => {
    const storage = memoryStorage();
    const table = filled(storage, layout);
    for (const definition of [...table.globalIndexes, ...table.localIndexes]) {
      const indexTable = sqlTablesOf(databaseOf(storage), 't').indexes[definition.name];
      const partitions = databaseOf(storage).prepare(`SELECT DISTINCT ipk FROM "${indexTable}"`).pluck().all();
      for (const ipk of partitions) {
        const sample = JSON.parse(
          databaseOf(storage)
            .prepare(`SELECT data FROM "${indexTable}" WHERE ipk = ? LIMIT 1`)
            .pluck()
            .get(ipk) as string,
        ) as Item;
        const partitionValue = sample[definition.partitionKeys[0].name];
        for (const forward of [true, false]) {
          const order = ['isk', 'tie', 'pk', 'sk'].map((column) => column + (forward ? '' : ' DESC')).join(', ');
          const expected = reference(storage, `SELECT data FROM "${indexTable}" WHERE ipk = ? ORDER BY ${order}`, ipk);
          expect(expected.length).toBeGreaterThan(64);
          const read = parsedReads(storage).queryItems(table, {
            indexName: definition.name,
            partitionValues: [partitionValue],
            forward,
          });
          expect(keysOf(read)).toEqual(keysOf(expected));
        }
      }
    }
  });

  it('scan the table and its indexes, whole and in segments, across pages', () => {
    const storage = memoryStorage();
    const table = filled(storage, layout);
    const total = PARTITIONS * CHILDREN;
    expect(keysOf(parsedReads(storage).scanItems(table, {}))).toEqual(
      keysOf(
        reference(storage, `SELECT data FROM "${sqlTablesOf(databaseOf(storage), 't').table}" ORDER BY seg, pk, sk`),
      ),
    );
    for (const definition of [...table.globalIndexes, ...table.localIndexes]) {
      const indexTable = sqlTablesOf(databaseOf(storage), 't').indexes[definition.name];
      const whole = definition.kind === 'local' ? 'seg, ipk, isk, pk, sk' : 'ipk, isk, tie, pk, sk';
      const expected = reference(storage, `SELECT data FROM "${indexTable}" ORDER BY ${whole}`);
      expect(expected).toHaveLength(total);
      expect(keysOf(parsedReads(storage).scanItems(table, { indexName: definition.name }))).toEqual(keysOf(expected));
    }
    for (const indexName of [undefined, ...table.globalIndexes.map((definition) => definition.name)]) {
      const tables = sqlTablesOf(databaseOf(storage), 't');
      const sqlTable = indexName === undefined ? tables.table : tables.indexes[indexName];
      const order = indexName === undefined ? 'seg, pk, sk' : 'seg, ipk, isk, tie, pk, sk';
      let seen = 0;
      for (let segment = 0; segment < 2; segment++) {
        const { low, high } = segmentRange(segment, 2);
        const expected = reference(
          storage,
          `SELECT data FROM "${sqlTable}" WHERE seg >= ? AND seg < ? ORDER BY ${order}`,
          low,
          high,
        );
        seen += expected.length;
        expect(keysOf(parsedReads(storage).scanItems(table, { indexName, segment, totalSegments: 2 }))).toEqual(
          keysOf(expected),
        );
      }
      expect(seen).toBe(total);
    }
  });
});
