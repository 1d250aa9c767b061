import { describe, expect, it } from 'vitest';
import type { Item } from '../../values/attribute-value.js';
import { readPage, type PageOptions } from './page.js';

const items: Item[] = [1, 2, 3, 4, 5].map((n) => ({ pk: { S: 'p' }, sk: { N: String(n) }, v: { N: String(n * 10) } }));
const base: PageOptions = { sizeOf: () => 100, keyAttributeNames: ['pk', 'sk'] };

/** A source that records how many items were pulled from it. */
function counting(source: Item[]): { iterable: Iterable<Item>; pulled: () => number } {
  let pulled = 0;
  return {
    iterable: (function* () {
      for (const item of source) {
        pulled++;
        yield item;
      }
    })(),
    pulled: () => pulled,
  };
}

describe('readPage', () => {
  it('returns every item and no LastEvaluatedKey when the data ends first', () => {
    const page = readPage(items, base);
    expect(page.items).toHaveLength(5);
    expect(page.count).toBe(5);
    expect(page.scannedCount).toBe(5);
    expect(page.lastEvaluatedKey).toBeUndefined();
    expect(page.bytesRead).toBe(500);
  });

  it('stops at Limit items read and reads no further from the source', () => {
    const source = counting(items);
    const page = readPage(source.iterable, { ...base, limit: 2 });
    expect(page.items.map((item) => item.sk)).toEqual([{ N: '1' }, { N: '2' }]);
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '2' } });
    expect(source.pulled()).toBe(2);
  });

  it('gives a LastEvaluatedKey when Limit equals the remaining items (no look-ahead)', () => {
    const page = readPage(items, { ...base, limit: 5 });
    expect(page.count).toBe(5);
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '5' } });
  });

  it('counts filtered-out items as scanned and keys the page on the last item read', () => {
    const page = readPage(items, { ...base, limit: 3, filter: (item) => (item.sk as { N: string }).N === '1' });
    expect(page.count).toBe(1);
    expect(page.scannedCount).toBe(3);
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '3' } });
  });

  it('stops once the items read reach the size limit, including the item that crosses it', () => {
    const page = readPage(items, { ...base, pageSizeLimit: 250 });
    expect(page.scannedCount).toBe(3);
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '3' } });
  });

  it('measures the size limit before the filter, so a page of no matches still stops', () => {
    const page = readPage(items, { ...base, pageSizeLimit: 200, filter: () => false });
    expect(page.items).toEqual([]);
    expect(page.scannedCount).toBe(2);
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '2' } });
  });

  it('counts without shaping or returning items for Select COUNT', () => {
    let shaped = 0;
    const page = readPage(items, { ...base, countOnly: true, shape: (item) => (shaped++, item) });
    expect(page.items).toEqual([]);
    expect(page.count).toBe(5);
    expect(shaped).toBe(0);
  });

  it('shapes only the matching items', () => {
    const page = readPage(items, {
      ...base,
      filter: (item) => Number((item.v as { N: string }).N) > 30,
      shape: (item) => ({ v: item.v }),
    });
    expect(page.items).toEqual([{ v: { N: '40' } }, { v: { N: '50' } }]);
  });

  it('puts only the named key attributes in the LastEvaluatedKey', () => {
    const indexItems: Item[] = [{ pk: { S: 'p' }, sk: { N: '1' }, gpk: { S: 'g' }, other: { S: 'x' } }];
    const page = readPage(indexItems, { ...base, limit: 1, keyAttributeNames: ['pk', 'sk', 'gpk'] });
    expect(page.lastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '1' }, gpk: { S: 'g' } });
  });
});
