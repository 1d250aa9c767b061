import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { itemSize } from '../values/index.js';
import { openSqliteStorage } from './sqlite-storage.js';
import type { IndexDefinition } from './storage.js';
import {
  createTable,
  memoryStorage,
  n,
  s,
  tableDefinition,
  temporaryFile,
  track,
  databaseOf,
} from './storage.test-support.js';

const index = (name: string, kind: 'global' | 'local', key: string, type: 'ALL' | 'KEYS_ONLY'): IndexDefinition => ({
  name,
  kind,
  partitionKeys: [{ name: kind === 'local' ? 'pk' : key, type: 'S' }],
  sortKeys: kind === 'local' ? [{ name: key, type: 'S' }] : [],
  projection: { type },
});

const definition = tableDefinition(
  'sized',
  { name: 'pk', type: 'S' },
  { name: 'sk', type: 'S' },
  {
    global: [index('byG', 'global', 'g', 'ALL')],
    local: [index('byL', 'local', 'l', 'KEYS_ONLY')],
  },
);

// JSON is much longer than DynamoDB's size for these: type tags, quotes, numbers as digits.
const first = {
  pk: s('a'),
  sk: s('1'),
  g: s('G'),
  l: s('L'),
  n: n('123.45'),
  m: { M: { list: { L: [s('xy'), { BOOL: true }] } } },
};
const second = { pk: s('b'), sk: s('1'), l: s('L'), ss: { SS: ['a', 'bb'] } };

describe("TableSizeBytes and IndexSizeBytes follow DynamoDB's item-size rule", () => {
  it('sum itemSize of the items, and of the projected entries for an index', () => {
    const storage = memoryStorage();
    const table = createTable(storage, definition);
    storage.putItem(table, first);
    storage.putItem(table, second);
    expect(storage.tableStatistics(table)).toEqual({ itemCount: 2, sizeBytes: itemSize(first) + itemSize(second) });
    expect(storage.tableStatistics(table, 'byG')).toEqual({ itemCount: 1, sizeBytes: itemSize(first) });
    const keysOnly = (item: typeof first | typeof second) => itemSize({ pk: item.pk, sk: item.sk, l: item.l });
    expect(storage.tableStatistics(table, 'byL')).toEqual({
      itemCount: 2,
      sizeBytes: keysOnly(first) + keysOnly(second),
    });
    // An update in place and a delete keep the sums right.
    const bigger = { ...first, extra: s('x'.repeat(100)) };
    storage.putItem(table, bigger);
    storage.deleteItem(table, { pk: s('b'), sk: s('1') });
    expect(storage.tableStatistics(table)).toEqual({ itemCount: 1, sizeBytes: itemSize(bigger) });
    expect(storage.tableStatistics(table, 'byG')).toEqual({ itemCount: 1, sizeBytes: itemSize(bigger) });
    expect(storage.tableStatistics(table, 'byL')).toEqual({ itemCount: 1, sizeBytes: keysOnly(first) });
  });

  it('a version 2 file gets the sizes of the items it already holds when opened', () => {
    const path = temporaryFile();
    const before = openSqliteStorage({ path });
    const table = createTable(before, definition);
    before.putItem(table, first);
    before.putItem(table, second);
    before.close();
    // Back to the version 2 layout: no `size` columns.
    const raw = new Database(path);
    const [sqlName, indexTables] = raw.prepare('SELECT sql_name, index_tables FROM monotable_tables').raw().get() as [
      string,
      string,
    ];
    for (const name of [sqlName, ...Object.values(JSON.parse(indexTables) as Record<string, string>)]) {
      raw.exec(`ALTER TABLE "${name}" DROP COLUMN size`);
    }
    raw.exec(`UPDATE monotable_meta SET value = '2' WHERE key = 'format_version'`);
    raw.close();

    const storage = track(openSqliteStorage({ path }));
    const migrated = storage.requireTable('sized');
    expect(storage.tableStatistics(migrated)).toEqual({ itemCount: 2, sizeBytes: itemSize(first) + itemSize(second) });
    expect(storage.tableStatistics(migrated, 'byG')).toEqual({ itemCount: 1, sizeBytes: itemSize(first) });
    expect(
      databaseOf(storage).prepare(`SELECT value FROM monotable_meta WHERE key = 'format_version'`).pluck().get(),
    ).toBe('4');
    // Writes after the migration keep the sizes up to date.
    storage.putItem(migrated, { ...second, g: s('G2') });
    expect(storage.tableStatistics(migrated, 'byG').sizeBytes).toBe(
      itemSize(first) + itemSize({ ...second, g: s('G2') }),
    );
  });
});
