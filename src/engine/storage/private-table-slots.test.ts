import { describe, expect, it } from 'vitest';
import { PrivateTableSlots } from './private-table-slots.js';
import type { KeyAttribute } from './storage.js';

const slots = { itemTables: ['~items~1', '~items~2'], indexTables: ['~index~1', '~index~2'] };
const S: KeyAttribute = { name: 'a', type: 'S' };
const N: KeyAttribute = { name: 'b', type: 'N' };
const B: KeyAttribute = { name: 'c', type: 'B' };

describe('the table slots of a private database', () => {
  it('fit tables and indexes whose key columns are all TEXT: string and number keys, one attribute each', () => {
    const free = new PrivateTableSlots(slots, () => true);
    expect(free.takeItemTable(B, undefined)).toBeUndefined();
    expect(free.takeItemTable(S, B)).toBeUndefined();
    expect(free.takeItemTable(S, N)).toBe('~items~1');
    expect(free.takeItemTable(N, undefined)).toBe('~items~2');
    expect(free.takeItemTable(S, undefined)).toBeUndefined();
    const table = { partitionKey: S, sortKey: N };
    expect(free.takeIndexTable({ partitionKey: B }, { partitionKeys: [S], sortKeys: [] })).toBeUndefined();
    expect(free.takeIndexTable(table, { partitionKeys: [S, N], sortKeys: [] })).toBeUndefined();
    expect(free.takeIndexTable(table, { partitionKeys: [S], sortKeys: [B] })).toBeUndefined();
    expect(free.takeIndexTable(table, { partitionKeys: [N], sortKeys: [] })).toBe('~index~1');
    expect(free.takeIndexTable(table, { partitionKeys: [S], sortKeys: [S] })).toBe('~index~2');
    expect(free.takeIndexTable(table, { partitionKeys: [S], sortKeys: [] })).toBeUndefined();
  });

  it('are given back emptied, first in line, only while the schema is the template’s', () => {
    let templateSchema = true;
    const free = new PrivateTableSlots(slots, () => templateSchema);
    const item = free.takeItemTable(S, undefined) as string;
    const index = free.takeIndexTable({ partitionKey: S }, { partitionKeys: [S], sortKeys: [] }) as string;
    expect(free.reusable([index, item, 'jobs#other'])).toEqual([index, item]);
    free.giveBack([index, item]);
    expect(free.takeItemTable(S, undefined)).toBe(item);
    expect(free.takeIndexTable({ partitionKey: S }, { partitionKeys: [S], sortKeys: [] })).toBe(index);
    templateSchema = false;
    expect(free.reusable([index, item])).toEqual([]);
  });

  it('are all free again when the work that took them throws', () => {
    const free = new PrivateTableSlots(slots, () => true);
    expect(() =>
      free.change(() => {
        free.takeItemTable(S, undefined);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(free.takeItemTable(S, undefined)).toBe('~items~1');
  });
});
