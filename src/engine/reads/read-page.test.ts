import { describe, expect, it } from 'vitest';
import { itemOfAnswer } from '../answer.js';
import { StoredItem, storedItemWithoutSize } from '../storage/stored-item.js';
import type { Item } from '../values/attribute-value.js';
import { readPage, readPageWithoutSizes, type PageOptions } from './read-page.js';

const items: Item[] = [1, 2, 3, 4, 5].map((n) => ({ pk: { S: 'p' }, sk: { N: String(n) }, v: { N: String(n * 10) } }));
const base: PageOptions = { keyAttributeNames: ['pk', 'sk'] };

/** The items as storage yields them, each with a stored size of 100 bytes. */
function rowsOf(source: Item[]): StoredItem[] {
  return source.map((item) => new StoredItem(JSON.stringify(item), 100));
}

/** A source that records how many items were pulled from it. */
function counting(source: Item[]): { iterable: Iterable<StoredItem>; pulled: () => number } {
  let pulled = 0;
  return {
    iterable: (function* () {
      for (const row of rowsOf(source)) {
        pulled++;
        yield row;
      }
    })(),
    pulled: () => pulled,
  };
}

describe('readPage', () => {
  it('returns every item and no LastEvaluatedKey when the data ends first', () => {
    const page = readPage(rowsOf(items), base);
    expect(page.items.map(itemOfAnswer)).toEqual(items);
    expect(page.count).toBe(5);
    expect(page.scannedCount).toBe(5);
    expect(page.lastEvaluatedKey).toBeUndefined();
    expect(page.bytesRead).toBe(500);
  });

  it('stops at Limit items read and reads no further from the source', () => {
    const source = counting(items);
    const page = readPage(source.iterable, { ...base, limit: 2 });
    expect(page.items.map((item) => itemOfAnswer(item).sk)).toEqual([{ N: '1' }, { N: '2' }]);
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '2' } });
    expect(source.pulled()).toBe(2);
  });

  it('reads rows without their sizes to the same page while their size bound stays under the limit', () => {
    const sizeless = () => items.map((item) => storedItemWithoutSize(JSON.stringify(item)));
    const expected = readPage(rowsOf(items), { ...base, limit: 3 });
    const page = readPageWithoutSizes(sizeless(), { ...base, limit: 3 });
    expect(page?.items.map(itemOfAnswer)).toEqual(expected.items.map(itemOfAnswer));
    expect(page?.lastEvaluatedKey).toEqual(expected.lastEvaluatedKey);
    // Three times the text of two items reaches a 250-byte limit: only sizes can tell.
    expect(readPageWithoutSizes(sizeless(), { ...base, pageSizeLimit: 250 })).toBeUndefined();
    expect(() => readPage(sizeless(), base)).toThrow(/without its size/);
  });

  it('keys a full page without parsing the rows it returns, and shares no value with them', () => {
    const page = readPage(rowsOf(items), { ...base, limit: 2 });
    const last = page.items[1] as StoredItem;
    expect(last.parsedItem).toBeUndefined();
    expect(page.lastEvaluatedKey?.sk).not.toBe(itemOfAnswer(last).sk);
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '2' } });
  });

  it('gives a LastEvaluatedKey when Limit equals the remaining items (no look-ahead)', () => {
    const page = readPage(rowsOf(items), { ...base, limit: 5 });
    expect(page.count).toBe(5);
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '5' } });
  });

  it('counts filtered-out items as scanned and keys the page on the last item read', () => {
    const page = readPage(rowsOf(items), { ...base, limit: 3, filter: (item) => (item.sk as { N: string }).N === '1' });
    expect(page.count).toBe(1);
    expect(page.scannedCount).toBe(3);
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '3' } });
  });

  it('stops once the items read reach the size limit, including the item that crosses it', () => {
    const page = readPage(rowsOf(items), { ...base, pageSizeLimit: 250 });
    expect(page.scannedCount).toBe(3);
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '3' } });
  });

  it('measures the size limit before the filter, so a page of no matches still stops', () => {
    const page = readPage(rowsOf(items), { ...base, pageSizeLimit: 200, filter: () => false });
    expect(page.items).toEqual([]);
    expect(page.scannedCount).toBe(2);
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '2' } });
  });

  it('counts without shaping or returning items for Select COUNT', () => {
    let shaped = 0;
    const page = readPage(rowsOf(items), { ...base, countOnly: true, shape: (item) => (shaped++, item) });
    expect(page.items).toEqual([]);
    expect(page.count).toBe(5);
    expect(shaped).toBe(0);
  });

  it('shapes only the matching items', () => {
    const page = readPage(rowsOf(items), {
      ...base,
      filter: (item) => Number((item.v as { N: string }).N) > 30,
      shape: (item) => ({ v: item.v }),
    });
    expect(page.items).toEqual([{ v: { N: '40' } }, { v: { N: '50' } }]);
  });

  it('puts only the named key attributes in the LastEvaluatedKey', () => {
    const indexItems: Item[] = [{ pk: { S: 'p' }, sk: { N: '1' }, gpk: { S: 'g' }, other: { S: 'x' } }];
    const page = readPage(rowsOf(indexItems), { ...base, limit: 1, keyAttributeNames: ['pk', 'sk', 'gpk'] });
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '1' }, gpk: { S: 'g' } });
  });

  it('returns the rows it neither filters nor shapes as they are, unparsed, and bills their stored size', () => {
    const rows = rowsOf(items);
    const page = readPage(rows, { ...base, limit: 2 });
    expect(page.items).toEqual(rows.slice(0, 2));
    expect(page.items[0]).toBe(rows[0]);
    expect(page.bytesRead).toBe(200);
  });
});
