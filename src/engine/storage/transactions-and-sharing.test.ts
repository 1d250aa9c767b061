import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openSqliteStorage } from './sqlite-storage.js';
import {
  createTable,
  memoryStorage,
  s,
  tableDefinition,
  temporaryFile,
  track,
  parsedReads,
  databaseOf,
} from './storage.test-support.js';

describe('transactions', () => {
  it('rolls back every write of a failed write transaction, index entries included', () => {
    const storage = memoryStorage();
    const table = createTable(
      storage,
      tableDefinition('t', { name: 'pk', type: 'S' }, undefined, {
        global: [
          {
            name: 'byColour',
            kind: 'global',
            partitionKeys: [{ name: 'colour', type: 'S' }],
            sortKeys: [],
            projection: { type: 'ALL' },
          },
        ],
      }),
    );
    storage.putItem(table, { pk: s('kept'), colour: s('red') });
    expect(() =>
      storage.writeTransaction(() => {
        storage.putItem(table, { pk: s('new'), colour: s('red') });
        storage.deleteItem(table, { pk: s('kept') });
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(parsedReads(storage).getItem(table, { pk: s('kept') })).toEqual({ pk: s('kept'), colour: s('red') });
    expect(parsedReads(storage).getItem(table, { pk: s('new') })).toBeUndefined();
    expect([
      ...parsedReads(storage).queryItems(table, { indexName: 'byColour', partitionValues: [s('red')], forward: true }),
    ]).toHaveLength(1);
  });

  it('joins nested write transactions to the outer one', () => {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t', { name: 'pk', type: 'S' }));
    expect(() =>
      storage.writeTransaction(() => {
        storage.writeTransaction(() => storage.putItem(table, { pk: s('inner') }));
        throw new Error('outer fails');
      }),
    ).toThrow('outer fails');
    expect(parsedReads(storage).getItem(table, { pk: s('inner') })).toBeUndefined();
    expect(storage.writeTransaction(() => storage.readTransaction(() => 42))).toBe(42);
  });

  it('allows writes while a scan iterator is still open', () => {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t', { name: 'pk', type: 'S' }));
    for (const key of ['a', 'b', 'c']) storage.putItem(table, { pk: s(key) });
    for (const item of parsedReads(storage).scanItems(table, {})) storage.deleteItem(table, item);
    expect([...parsedReads(storage).scanItems(table, {})]).toEqual([]);
  });
});

describe('one file, several connections', () => {
  it('sees tables and items written by another connection', () => {
    const path = temporaryFile();
    const first = track(openSqliteStorage({ path }));
    const second = track(openSqliteStorage({ path }));
    const table = createTable(first, tableDefinition('shared', { name: 'pk', type: 'S' }));
    expect(second.listTableNames()).toEqual(['shared']);
    second.putItem(second.requireTable('shared'), { pk: s('from-second') });
    expect(parsedReads(first).getItem(table, { pk: s('from-second') })).toEqual({ pk: s('from-second') });
    first.deleteTable('shared');
    expect(second.getTable('shared')).toBeUndefined();
    expect(databaseOf(first).pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('keeps distinct tables whose names differ only in case', () => {
    const path = temporaryFile();
    const storage = track(openSqliteStorage({ path }));
    const upper = createTable(storage, tableDefinition('Orders', { name: 'pk', type: 'S' }));
    const lower = createTable(storage, tableDefinition('orders', { name: 'id', type: 'S' }));
    storage.putItem(upper, { pk: s('1'), v: s('upper') });
    storage.putItem(lower, { id: s('1'), v: s('lower') });
    expect(parsedReads(storage).getItem(upper, { pk: s('1') })?.v).toEqual(s('upper'));
    expect(parsedReads(storage).getItem(lower, { id: s('1') })?.v).toEqual(s('lower'));
    expect(storage.listTableNames()).toEqual(['Orders', 'orders']);
  });

  it('keeps acknowledged writes when the writing process is killed', () => {
    const path = temporaryFile();
    const storageModule = new URL('./sqlite-storage.ts', import.meta.url).href;
    const script = `
      const { openSqliteStorage } = await import(${JSON.stringify(storageModule)});
      const storage = openSqliteStorage({ path: ${JSON.stringify(path)} });
      storage.createTable({ name: 't', partitionKey: { name: 'pk', type: 'S' }, globalIndexes: [], localIndexes: [], description: {} });
      const table = storage.requireTable('t');
      for (let i = 0; i < 100; i++) storage.putItem(table, { pk: { S: 'k' + i } });
      process.kill(process.pid, 'SIGKILL');
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(child.signal).toBe('SIGKILL');
    const storage = track(openSqliteStorage({ path }));
    expect(storage.tableStatistics(storage.requireTable('t')).itemCount).toBe(100);
  });
});
