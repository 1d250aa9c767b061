import { describe, expect, it } from 'vitest';
import type { IndexDefinition } from './storage.js';
import {
  createTable,
  memoryStorage,
  n,
  s,
  tableDefinition,
  text,
  parsedReads,
  databaseOf,
} from './storage.test-support.js';

const byStatus = (projection: IndexDefinition['projection']): IndexDefinition => ({
  name: 'byStatus',
  kind: 'global',
  partitionKeys: [{ name: 'status', type: 'S' }],
  sortKeys: [{ name: 'created', type: 'N' }],
  projection,
});

function withIndex(projection: IndexDefinition['projection']) {
  const storage = memoryStorage();
  const table = createTable(
    storage,
    tableDefinition('jobs', { name: 'pk', type: 'S' }, { name: 'sk', type: 'S' }, { global: [byStatus(projection)] }),
  );
  return { storage, table };
}

describe('index tables', () => {
  it('leaves out items lacking an index key or having it with another type (sparse)', () => {
    const { storage, table } = withIndex({ type: 'ALL' });
    storage.putItem(table, { pk: s('1'), sk: s('a'), status: s('open'), created: n('5') });
    storage.putItem(table, { pk: s('2'), sk: s('a'), status: s('open') });
    storage.putItem(table, { pk: s('3'), sk: s('a'), status: s('open'), created: s('5') });
    storage.putItem(table, { pk: s('4'), sk: s('a'), created: n('1') });
    const items = [...parsedReads(storage).scanItems(table, { indexName: 'byStatus' })];
    expect(items.map((item) => text(item.pk))).toEqual(['1']);
    expect(storage.tableStatistics(table, 'byStatus').itemCount).toBe(1);
    expect(storage.tableStatistics(table).itemCount).toBe(4);
  });

  it('projects KEYS_ONLY to the table and index keys', () => {
    const { storage, table } = withIndex({ type: 'KEYS_ONLY' });
    storage.putItem(table, { pk: s('1'), sk: s('a'), status: s('open'), created: n('5'), extra: s('x') });
    expect([
      ...parsedReads(storage).queryItems(table, { indexName: 'byStatus', partitionValues: [s('open')], forward: true }),
    ]).toEqual([{ pk: s('1'), sk: s('a'), status: s('open'), created: n('5') }]);
  });

  it('projects INCLUDE to the keys and the named attributes present', () => {
    const { storage, table } = withIndex({ type: 'INCLUDE', nonKeyAttributes: ['title', 'absent'] });
    storage.putItem(table, { pk: s('1'), sk: s('a'), status: s('open'), created: n('5'), title: s('t'), body: s('b') });
    expect([
      ...parsedReads(storage).queryItems(table, { indexName: 'byStatus', partitionValues: [s('open')], forward: true }),
    ]).toEqual([{ pk: s('1'), sk: s('a'), status: s('open'), created: n('5'), title: s('t') }]);
  });

  it('moves an entry when the index key changes and removes it with the item', () => {
    const { storage, table } = withIndex({ type: 'ALL' });
    storage.putItem(table, { pk: s('1'), sk: s('a'), status: s('open'), created: n('5') });
    storage.putItem(table, { pk: s('1'), sk: s('a'), status: s('done'), created: n('6') });
    const query = (status: string) => [
      ...parsedReads(storage).queryItems(table, { indexName: 'byStatus', partitionValues: [s(status)], forward: true }),
    ];
    expect(query('open')).toEqual([]);
    expect(query('done')).toEqual([{ pk: s('1'), sk: s('a'), status: s('done'), created: n('6') }]);
    storage.deleteItem(table, { pk: s('1'), sk: s('a') });
    expect(query('done')).toEqual([]);
  });

  it('orders an index partition by index sort key, then table key, and continues after a start key', () => {
    const { storage, table } = withIndex({ type: 'KEYS_ONLY' });
    storage.putItem(table, { pk: s('b'), sk: s('1'), status: s('open'), created: n('2') });
    storage.putItem(table, { pk: s('a'), sk: s('2'), status: s('open'), created: n('2') });
    storage.putItem(table, { pk: s('c'), sk: s('1'), status: s('open'), created: n('-1') });
    storage.putItem(table, { pk: s('a'), sk: s('1'), status: s('open'), created: n('10') });
    const read = (forward: boolean, exclusiveStartKey?: Record<string, { S: string } | { N: string }>) =>
      [
        ...parsedReads(storage).queryItems(table, {
          indexName: 'byStatus',
          partitionValues: [s('open')],
          forward,
          exclusiveStartKey,
        }),
      ].map((item) => `${text(item.pk)}${text(item.sk)}`);
    expect(read(true)).toEqual(['c1', 'a2', 'b1', 'a1']);
    expect(read(false)).toEqual(['a1', 'b1', 'a2', 'c1']);
    expect(read(true, { pk: s('a'), sk: s('2'), status: s('open'), created: n('2') })).toEqual(['b1', 'a1']);
    const sorted = [
      ...parsedReads(storage).queryItems(table, {
        indexName: 'byStatus',
        partitionValues: [s('open')],
        sortCondition: { operator: 'BETWEEN', values: [n('0'), n('5')] },
        forward: true,
      }),
    ];
    expect(sorted.map((item) => text(item.created))).toEqual(['2', '2']);
  });

  it('keeps a local index of a hash+range table', () => {
    const storage = memoryStorage();
    const table = createTable(
      storage,
      tableDefinition(
        't',
        { name: 'pk', type: 'S' },
        { name: 'sk', type: 'S' },
        {
          local: [
            {
              name: 'byRank',
              kind: 'local',
              partitionKeys: [{ name: 'pk', type: 'S' }],
              sortKeys: [{ name: 'rank', type: 'N' }],
              projection: { type: 'ALL' },
            },
          ],
        },
      ),
    );
    storage.putItem(table, { pk: s('p'), sk: s('x'), rank: n('3') });
    storage.putItem(table, { pk: s('p'), sk: s('y'), rank: n('1') });
    storage.putItem(table, { pk: s('p'), sk: s('z') });
    const read = [
      ...parsedReads(storage).queryItems(table, { indexName: 'byRank', partitionValues: [s('p')], forward: true }),
    ];
    expect(read.map((item) => text(item.sk))).toEqual(['y', 'x']);
  });

  it('backfills an index added later and drops a removed one', () => {
    const storage = memoryStorage();
    let table = createTable(storage, tableDefinition('t', { name: 'pk', type: 'S' }));
    storage.putItem(table, { pk: s('1'), status: s('open'), created: n('1') });
    storage.putItem(table, { pk: s('2'), status: s('open') });
    storage.updateTable({ ...table, globalIndexes: [byStatus({ type: 'ALL' })] });
    table = storage.requireTable('t');
    expect([
      ...parsedReads(storage).queryItems(table, { indexName: 'byStatus', partitionValues: [s('open')], forward: true }),
    ]).toEqual([{ pk: s('1'), status: s('open'), created: n('1') }]);
    storage.putItem(table, { pk: s('3'), status: s('open'), created: n('2') });
    expect(storage.tableStatistics(table, 'byStatus').itemCount).toBe(2);
    storage.updateTable({ ...table, globalIndexes: [] });
    table = storage.requireTable('t');
    storage.putItem(table, { pk: s('4'), status: s('open'), created: n('2') });
    const sqliteTables = databaseOf(storage)
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table'`)
      .pluck()
      .all();
    expect(sqliteTables).not.toContain('t#byStatus');
  });
});
