import { describe, expect, it } from 'vitest';
import type { Item } from '../values/attribute-value.js';
import { b, createTable, memoryStorage, n, s, tableDefinition, text, parsedReads } from './storage.test-support.js';

function sortValues(items: Iterable<Item>, name = 'sk'): unknown[] {
  return [...items].map((item) => Object.values(item[name])[0]);
}

describe('item keys', () => {
  it('orders string sort keys by UTF-8 bytes, not UTF-16 code units', () => {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t1', { name: 'pk', type: 'S' }, { name: 'sk', type: 'S' }));
    const values = ['\uffff', '😀', 'a', 'B', 'é', 'ab', ''.padEnd(3, 'a')];
    storage.writeTransaction(() => {
      for (const value of values) storage.putItem(table, { pk: s('p'), sk: s(value) });
    });
    const read = sortValues(parsedReads(storage).queryItems(table, { partitionValues: [s('p')], forward: true }));
    const expected = [...values].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect(read).toEqual(expected);
    expect(read.indexOf('😀')).toBeGreaterThan(read.indexOf('\uffff'));
  });

  it('orders number sort keys numerically', () => {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t1', { name: 'pk', type: 'S' }, { name: 'sk', type: 'N' }));
    const values = ['10', '-1', '2', '-10.5', '0', '1e-130', '-1e-130', '9.9e125', '0.5', '-0.25'];
    for (const value of values) storage.putItem(table, { pk: s('p'), sk: n(value) });
    const read = sortValues(parsedReads(storage).queryItems(table, { partitionValues: [s('p')], forward: true }));
    expect(read).toEqual([...values].sort((x, y) => Number(x) - Number(y)));
    const backward = sortValues(parsedReads(storage).queryItems(table, { partitionValues: [s('p')], forward: false }));
    expect(backward).toEqual([...read].reverse());
  });

  it('orders binary keys by unsigned bytes and finds binary partitions', () => {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t1', { name: 'pk', type: 'B' }, { name: 'sk', type: 'B' }));
    const values = [[0xff], [0x00], [0x7f, 0x01], [0x80], [0x7f]];
    for (const value of values) storage.putItem(table, { pk: b([1, 2]), sk: b(value) });
    const read = [...parsedReads(storage).queryItems(table, { partitionValues: [b([1, 2])], forward: true })].map(
      (item) => [...Buffer.from((item.sk as { B: string }).B, 'base64')],
    );
    expect(read).toEqual([[0x00], [0x7f], [0x7f, 0x01], [0x80], [0xff]]);
    expect(parsedReads(storage).getItem(table, { pk: b([1, 2]), sk: b([0x80]) })).toEqual({
      pk: b([1, 2]),
      sk: b([0x80]),
    });
  });

  it('treats spellings of one number as the same key', () => {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t1', { name: 'pk', type: 'N' }));
    storage.putItem(table, { pk: n('1.50'), v: s('first') });
    storage.putItem(table, { pk: n('1.5'), v: s('second') });
    expect(parsedReads(storage).getItem(table, { pk: n('15E-1') })).toEqual({ pk: n('1.5'), v: s('second') });
    expect([...parsedReads(storage).scanItems(table, {})]).toHaveLength(1);
  });

  it('replaces, reads and deletes items of a hash-only table', () => {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t1', { name: 'pk', type: 'S' }));
    storage.putItem(table, { pk: s('a'), v: n('1') });
    storage.putItem(table, { pk: s('a'), v: n('2') });
    expect(parsedReads(storage).getItem(table, { pk: s('a'), ignored: s('x') })).toEqual({ pk: s('a'), v: n('2') });
    storage.deleteItem(table, { pk: s('a') });
    storage.deleteItem(table, { pk: s('missing') });
    expect(parsedReads(storage).getItem(table, { pk: s('a') })).toBeUndefined();
  });
});

describe('key conditions', () => {
  function prepared() {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t1', { name: 'pk', type: 'S' }, { name: 'sk', type: 'S' }));
    for (const value of ['a', 'ab', 'abc', 'abd', 'ac', 'b', 'a\u{10ffff}', 'a\u{10ffff}x']) {
      storage.putItem(table, { pk: s('p'), sk: s(value) });
    }
    storage.putItem(table, { pk: s('other'), sk: s('ab') });
    return { storage, table };
  }

  it('reads a begins_with range only', () => {
    const { storage, table } = prepared();
    const query = (prefix: string) =>
      sortValues(
        parsedReads(storage).queryItems(table, {
          partitionValues: [s('p')],
          sortCondition: { operator: 'BEGINS_WITH', values: [s(prefix)] },
          forward: true,
        }),
      );
    expect(query('ab')).toEqual(['ab', 'abc', 'abd']);
    expect(query('a\u{10ffff}')).toEqual(['a\u{10ffff}', 'a\u{10ffff}x']);
  });

  it('applies comparison operators and BETWEEN', () => {
    const { storage, table } = prepared();
    const query = (operator: '<' | '<=' | '>' | '>=' | '=' | 'BETWEEN', ...values: string[]) =>
      sortValues(
        parsedReads(storage).queryItems(table, {
          partitionValues: [s('p')],
          sortCondition: { operator, values: values.map(s) },
          forward: true,
        }),
      );
    expect(query('=', 'ab')).toEqual(['ab']);
    expect(query('<', 'ab')).toEqual(['a']);
    expect(query('<=', 'ab')).toEqual(['a', 'ab']);
    expect(query('>', 'ac')).toEqual(['a\u{10ffff}', 'a\u{10ffff}x', 'b']);
    expect(query('>=', 'b')).toEqual(['b']);
    expect(query('BETWEEN', 'ab', 'abd')).toEqual(['ab', 'abc', 'abd']);
  });

  it('continues after an exclusive start key in both directions, honouring the limit', () => {
    const { storage, table } = prepared();
    const pageAfter = (forward: boolean, limit?: number) =>
      sortValues(
        parsedReads(storage).queryItems(table, {
          partitionValues: [s('p')],
          forward,
          exclusiveStartKey: { pk: s('p'), sk: s('abc') },
          limit,
        }),
      );
    expect(pageAfter(true)).toEqual(['abd', 'ac', 'a\u{10ffff}', 'a\u{10ffff}x', 'b']);
    expect(pageAfter(true, 2)).toEqual(['abd', 'ac']);
    expect(pageAfter(false)).toEqual(['ab', 'a']);
  });

  it('reads partitions larger than one page', () => {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t1', { name: 'pk', type: 'S' }, { name: 'sk', type: 'N' }));
    storage.writeTransaction(() => {
      for (let index = 0; index < 3000; index++) storage.putItem(table, { pk: s('p'), sk: n(String(index)) });
    });
    const read = sortValues(parsedReads(storage).queryItems(table, { partitionValues: [s('p')], forward: true }));
    expect(read).toHaveLength(3000);
    expect(read[2999]).toBe('2999');
    expect([
      ...parsedReads(storage).queryItems(table, { partitionValues: [s('p')], forward: false, limit: 100 }),
    ]).toHaveLength(100);
  });
});

describe('parallel scan segments', () => {
  it('puts every item in exactly one segment for any segment count', () => {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t1', { name: 'pk', type: 'S' }, { name: 'sk', type: 'N' }));
    storage.writeTransaction(() => {
      for (let index = 0; index < 500; index++)
        storage.putItem(table, { pk: s(`p${index % 97}`), sk: n(String(index)) });
    });
    const all = [...parsedReads(storage).scanItems(table, {})].map((item) => JSON.stringify(item));
    expect(all).toHaveLength(500);
    for (const totalSegments of [1, 2, 3, 7, 64, 1000]) {
      const seen: string[] = [];
      for (let segment = 0; segment < totalSegments; segment++) {
        for (const item of parsedReads(storage).scanItems(table, { segment, totalSegments }))
          seen.push(JSON.stringify(item));
      }
      expect(seen.sort()).toEqual([...all].sort());
    }
  });

  it('keeps a partition within one segment and continues a scan after a key', () => {
    const storage = memoryStorage();
    const table = createTable(storage, tableDefinition('t1', { name: 'pk', type: 'S' }, { name: 'sk', type: 'N' }));
    for (let index = 0; index < 50; index++) storage.putItem(table, { pk: s(`p${index % 5}`), sk: n(String(index)) });
    const segmentsOfP1 = new Set<number>();
    for (let segment = 0; segment < 4; segment++) {
      for (const item of parsedReads(storage).scanItems(table, { segment, totalSegments: 4 })) {
        if (text(item.pk) === 'p1') segmentsOfP1.add(segment);
      }
    }
    expect(segmentsOfP1.size).toBe(1);
    const all = [...parsedReads(storage).scanItems(table, {})];
    const rest = [...parsedReads(storage).scanItems(table, { exclusiveStartKey: all[19] })];
    expect(rest).toEqual(all.slice(20));
    expect([...parsedReads(storage).scanItems(table, { limit: 7 })]).toEqual(all.slice(0, 7));
  });
});
