import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { keyValueHash, tableKeyHash } from './key-hash.js';
import { openSqliteStorage } from './sqlite-storage.js';
import type { IndexDefinition } from './storage.js';
import {
  b,
  createTable,
  memoryStorage,
  n,
  s,
  tableDefinition,
  temporaryFile,
  text,
  track,
  parsedReads,
  databaseOf,
} from './storage.test-support.js';

/*
 * Orders DynamoDB leaves open, reproduced as DynamoDB Local (the conformance reference)
 * produces them. The expected sequences were observed on DynamoDB Local 1.25.1.
 */

const gsi = (name: string, partition: string, sort?: { name: string; type: 'N' | 'S' }): IndexDefinition => ({
  name,
  kind: 'global',
  partitionKeys: [{ name: partition, type: 'S' }],
  sortKeys: sort ? [sort] : [],
  projection: { type: 'KEYS_ONLY' },
});

describe('key hashes', () => {
  it('hash strings, binaries and numbers (any spelling) as the reference does', () => {
    expect(keyValueHash(s('p')).toString('hex')).toBe('e8c5cca136869a561bcfefbb72c023c961882cb1');
    expect(keyValueHash(b([1])).toString('hex')).toBe('ef2ba31b06c6c4c6fde40651ecdb50877d215a46');
    expect(keyValueHash(n('-1.5')).toString('hex')).toBe('7f385df00dc8758931bb5de94d84c9eefec17715');
    expect(keyValueHash(n('0')).toString('hex')).toBe('86bda0276f70d53ac1923831b7b96effd90aa3c8');
    expect(keyValueHash(n('12345678901234567890123')).toString('hex')).toBe('5e91e10c976a8751a3585029f111a4fc3fa37b92');
    expect(keyValueHash(n('-0.001')).toString('hex')).toBe('65e13c913103d7e3ab6d88fbfd41ff3e845093f3');
    expect(keyValueHash(n('100'))).toEqual(keyValueHash(n('1E+2')));
    expect(tableKeyHash(s('p'), s('ab')).toString('hex')).toBe('f77e4aadc5c5c1e474cc9aeb244e13b816674ec6');
  });
});

describe('orders the reference leaves to its hashes', () => {
  it('orders GSI entries with equal index keys by the hash of the table key', () => {
    const storage = memoryStorage();
    const table = createTable(
      storage,
      tableDefinition(
        't',
        { name: 'pk', type: 'S' },
        { name: 'sk', type: 'S' },
        { global: [gsi('byG', 'g', { name: 'gs', type: 'N' })] },
      ),
    );
    for (const [sk, gs] of [
      ['a', '1'],
      ['ab', '2'],
      ['abc', '2'],
      ['b', '2'],
      ['c', '3'],
    ]) {
      storage.putItem(table, { pk: s('p'), sk: s(sk), g: s('G'), gs: n(gs) });
    }
    const read = (forward: boolean) =>
      [...parsedReads(storage).queryItems(table, { indexName: 'byG', partitionValues: [s('G')], forward })].map(
        (item) => text(item.sk),
      );
    expect(read(true)).toEqual(['a', 'abc', 'b', 'ab', 'c']);
    expect(read(false)).toEqual(['c', 'ab', 'b', 'abc', 'a']);
    const after = { pk: s('p'), sk: s('abc'), g: s('G'), gs: n('2') };
    expect(
      [
        ...parsedReads(storage).queryItems(table, {
          indexName: 'byG',
          partitionValues: [s('G')],
          forward: true,
          exclusiveStartKey: after,
        }),
      ].map((item) => text(item.sk)),
    ).toEqual(['b', 'ab', 'c']);
  });

  it('orders a hash-only table, and a GSI partition without sort key, by partition key hash', () => {
    const storage = memoryStorage();
    const table = createTable(
      storage,
      tableDefinition('t', { name: 'pk', type: 'S' }, undefined, { global: [gsi('byG', 'g')] }),
    );
    for (let index = 0; index < 12; index++) storage.putItem(table, { pk: s(`k${index}`), g: s('G') });
    const expected = ['k7', 'k3', 'k4', 'k10', 'k1', 'k11', 'k5', 'k2', 'k8', 'k9', 'k0', 'k6'];
    expect([...parsedReads(storage).scanItems(table, {})].map((item) => text(item.pk))).toEqual(expected);
    expect(
      [...parsedReads(storage).queryItems(table, { indexName: 'byG', partitionValues: [s('G')], forward: true })].map(
        (item) => text(item.pk),
      ),
    ).toEqual(expected);
    // Parallel segments split the same hash space.
    expect(
      [...parsedReads(storage).scanItems(table, { segment: 1, totalSegments: 4 })].map((item) => text(item.pk)),
    ).toEqual(['k5', 'k2']);
  });

  it('scans an LSI by partition hash, then index sort key, then table sort key', () => {
    const storage = memoryStorage();
    const local: IndexDefinition = {
      name: 'byL',
      kind: 'local',
      partitionKeys: [{ name: 'pk', type: 'S' }],
      sortKeys: [{ name: 'l', type: 'S' }],
      projection: { type: 'ALL' },
    };
    const table = createTable(
      storage,
      tableDefinition('t', { name: 'pk', type: 'S' }, { name: 'sk', type: 'N' }, { local: [local] }),
    );
    for (const [pk, sk, l] of [
      ['k1', '9', 'x'],
      ['k7', '23', 'x'],
      ['k7', '11', 'x'],
      ['k7', '3', 'a'],
    ]) {
      storage.putItem(table, { pk: s(pk), sk: n(sk), l: s(l) });
    }
    expect(
      [...parsedReads(storage).scanItems(table, { indexName: 'byL' })].map(
        (item) => `${text(item.pk)}/${text(item.sk)}`,
      ),
    ).toEqual(['k7/3', 'k7/11', 'k7/23', 'k1/9']);
  });
});

describe('ties in a GSI keyed on a table key attribute', () => {
  const keyedOn = (partition: string, sort?: string): IndexDefinition => ({
    name: `by_${partition}_${sort ?? ''}`,
    kind: 'global',
    partitionKeys: [{ name: partition, type: 'S' }],
    sortKeys: sort ? [{ name: sort, type: 'S' as const }] : [],
    projection: { type: 'KEYS_ONLY' },
  });
  const loaded = (index: IndexDefinition) => {
    const storage = memoryStorage();
    const table = createTable(
      storage,
      tableDefinition('t', { name: 'pk', type: 'S' }, { name: 'sk', type: 'S' }, { global: [index] }),
    );
    for (const pk of ['a', 'b', 'c', 'd', 'e', 'f'])
      for (const sk of ['v', 'w', 'x', 'y', 'z']) storage.putItem(table, { pk: s(pk), sk: s(sk), g: s('G') });
    return { storage, table };
  };

  it('orders entries of a GSI keyed on the table sort key by the hash of the partition key', () => {
    const { storage, table } = loaded(keyedOn('sk'));
    const read = (exclusiveStartKey?: Record<string, { S: string }>) =>
      [
        ...parsedReads(storage).queryItems(table, {
          indexName: 'by_sk_',
          partitionValues: [s('x')],
          forward: true,
          exclusiveStartKey,
        }),
      ].map((item) => text(item.pk));
    expect(read()).toEqual(['b', 'd', 'e', 'f', 'c', 'a']);
    expect(read({ pk: s('f'), sk: s('x') })).toEqual(['c', 'a']);
  });

  it('orders entries of a GSI keyed on the table partition key by the hash of the sort key', () => {
    const { storage, table } = loaded(keyedOn('g', 'pk'));
    const read = [
      ...parsedReads(storage).queryItems(table, { indexName: 'by_g_pk', partitionValues: [s('G')], forward: true }),
    ];
    expect(read.slice(0, 5).map((item) => `${text(item.pk)}/${text(item.sk)}`)).toEqual([
      'a/v',
      'a/x',
      'a/z',
      'a/y',
      'a/w',
    ]);
  });
});

describe('storage format migration', () => {
  it('rehashes a version 1 file and rebuilds its index tables', () => {
    const path = temporaryFile();
    const first = openSqliteStorage({ path });
    const table = createTable(
      first,
      tableDefinition('t', { name: 'pk', type: 'S' }, undefined, { global: [gsi('byG', 'g')] }),
    );
    for (let index = 0; index < 12; index++) first.putItem(table, { pk: s(`k${index}`), g: s('G') });
    first.close();
    // Put the file back into the version 1 layout: other hashes, index tables without `tie`.
    const raw = new Database(path);
    const [sqlName, indexTables] = raw.prepare('SELECT sql_name, index_tables FROM monotable_tables').raw().get() as [
      string,
      string,
    ];
    const indexTable = JSON.parse(indexTables).byG as string;
    raw.exec(`UPDATE "${sqlName}" SET seg = 0; DROP TABLE "${indexTable}";
      CREATE TABLE "${indexTable}" (ipk TEXT NOT NULL, isk TEXT NOT NULL, pk TEXT NOT NULL, sk TEXT NOT NULL, data TEXT NOT NULL, seg INTEGER NOT NULL);
      UPDATE monotable_meta SET value = '1' WHERE key = 'format_version';`);
    raw.close();

    const storage = track(openSqliteStorage({ path }));
    const expected = ['k7', 'k3', 'k4', 'k10', 'k1', 'k11', 'k5', 'k2', 'k8', 'k9', 'k0', 'k6'];
    const migrated = storage.requireTable('t');
    expect([...parsedReads(storage).scanItems(migrated, {})].map((item) => text(item.pk))).toEqual(expected);
    expect(
      [
        ...parsedReads(storage).queryItems(migrated, { indexName: 'byG', partitionValues: [s('G')], forward: true }),
      ].map((item) => text(item.pk)),
    ).toEqual(expected);
    expect(
      databaseOf(storage).prepare(`SELECT value FROM monotable_meta WHERE key = 'format_version'`).pluck().get(),
    ).toBe('4');
  });

  it('re-ties the GSI entries of a version 3 file', () => {
    const path = temporaryFile();
    const first = openSqliteStorage({ path });
    const bySk: IndexDefinition = {
      name: 'bySk',
      kind: 'global',
      partitionKeys: [{ name: 'sk', type: 'S' }],
      sortKeys: [],
      projection: { type: 'KEYS_ONLY' },
    };
    const table = createTable(
      first,
      tableDefinition('t', { name: 'pk', type: 'S' }, { name: 'sk', type: 'S' }, { global: [bySk] }),
    );
    for (const pk of ['a', 'b', 'c', 'd', 'e', 'f']) first.putItem(table, { pk: s(pk), sk: s('x') });
    first.close();
    // Version 3 tied every GSI entry by the hash of the whole table key.
    const raw = new Database(path);
    const indexTable = JSON.parse(raw.prepare('SELECT index_tables FROM monotable_tables').pluck().get() as string)
      .bySk as string;
    const rows = raw.prepare(`SELECT rowid, data FROM "${indexTable}"`).raw().all() as [number, string][];
    const retie = raw.prepare(`UPDATE "${indexTable}" SET tie = ? WHERE rowid = ?`);
    for (const [rowid, data] of rows) {
      const item = JSON.parse(data) as { pk: { S: string }; sk: { S: string } };
      retie.run(tableKeyHash(item.pk, item.sk), rowid);
    }
    raw.exec(`UPDATE monotable_meta SET value = '3' WHERE key = 'format_version'`);
    raw.close();

    const storage = track(openSqliteStorage({ path }));
    const migrated = storage.requireTable('t');
    const read = (exclusiveStartKey?: Record<string, { S: string }>) =>
      [
        ...parsedReads(storage).queryItems(migrated, {
          indexName: 'bySk',
          partitionValues: [s('x')],
          forward: true,
          exclusiveStartKey,
        }),
      ].map((item) => text(item.pk));
    expect(read()).toEqual(['b', 'd', 'e', 'f', 'c', 'a']);
    expect(read({ pk: s('e'), sk: s('x') })).toEqual(['f', 'c', 'a']);
  });
});
