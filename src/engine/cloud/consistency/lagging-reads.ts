import { compareReadPositions } from '../../storage/sort-range.js';
import { projectForIndex } from '../../storage/index-entry.js';
import type {
  IndexDefinition,
  RangeRequest,
  ScanRequest,
  Storage,
  StoredTableDefinition,
} from '../../storage/storage.js';
import { StoredItem } from '../../storage/stored-item.js';
import type { Item } from '../../values/attribute-value.js';
import { itemSize } from '../../values/index.js';
import { itemKeyText, queryPartitionText } from './item-key-text.js';
import type { LaggingItem, LaggingView, RecentChanges } from './recent-changes.js';

/** The item reads of storage a Query, Scan, GetItem or BatchGetItem makes: storage itself, or a lagging view of it. */
export type ItemReads = Pick<Storage, 'getItem' | 'queryItems' | 'scanItems'>;

/**
 * Storage's item reads as an eventually consistent reader sees them: each item in the
 * state `view` sees at the engine's `now` (recent-changes.ts), the others as stored.
 * A Query or Scan reads storage's rows in their order and merges the lagging items in:
 * the row of an item whose latest state the view does not see yet is left out, and the
 * state it sees is put where storage would hold it (`queryPosition` / `scanPosition`).
 * So `Limit`, the 1 MB page, filters, projections, `Count`, capacity and
 * `LastEvaluatedKey` all apply to the lagging view as they do to storage, and a page's
 * `LastEvaluatedKey` is a position storage reads after.
 *
 * A table without recent changes is read from storage directly, at the same cost.
 */
export class LaggingReads implements ItemReads {
  /** The images lagging reads answered, as stored items: made once per image (images never change). */
  private readonly storedForms = new WeakMap<Item, StoredItem>();

  constructor(
    private readonly storage: Storage,
    private readonly changes: RecentChanges,
    private readonly view: LaggingView,
    private readonly now: () => number,
  ) {}

  getItem(table: StoredTableDefinition, key: Item): StoredItem | undefined {
    const seen = this.seenItem(table, key);
    if (seen === undefined) return this.storage.getItem(table, key);
    return seen.item === undefined ? undefined : this.storedItemOf(seen.item);
  }

  queryItems(table: StoredTableDefinition, request: RangeRequest): IterableIterator<StoredItem> {
    if (!this.changes.hasChanges(table)) return this.storage.queryItems(table, request);
    const index = indexOf(table, request.indexName);
    const partition = queryPartitionText(index, request.partitionValues);
    const lagging = [...this.changes.laggingItems(table, this.view, this.now(), partition)];
    if (lagging.length === 0) return this.storage.queryItems(table, request);
    const positionOf = (item: Item) => this.storage.queryPosition(table, request, item);
    const placed = placeSeenStates(table, index, lagging, positionOf, request.forward, this.storedItemOf);
    const rows = this.storage.queryItems(table, widenLimit(request, lagging.length));
    return mergeRows(table, rows, placed, lagging, positionOf, request.forward);
  }

  scanItems(table: StoredTableDefinition, request: ScanRequest): IterableIterator<StoredItem> {
    if (!this.changes.hasChanges(table)) return this.storage.scanItems(table, request);
    const lagging = [...this.changes.laggingItems(table, this.view, this.now())];
    if (lagging.length === 0) return this.storage.scanItems(table, request);
    const index = indexOf(table, request.indexName);
    const positionOf = (item: Item) => this.storage.scanPosition(table, request, item);
    const placed = placeSeenStates(table, index, lagging, positionOf, true, this.storedItemOf);
    const rows = this.storage.scanItems(table, widenLimit(request, lagging.length));
    return mergeRows(table, rows, placed, lagging, positionOf, true);
  }

  /** An item (or index entry) storage does not hold, as storage hands items out: its text and size as storage writes them. */
  private readonly storedItemOf = (item: Item): StoredItem => {
    let stored = this.storedForms.get(item);
    if (stored === undefined) {
      stored = new StoredItem(JSON.stringify(item), itemSize(item));
      this.storedForms.set(item, stored);
    }
    return stored;
  };

  private seenItem(table: StoredTableDefinition, key: Item): { item: Item | undefined } | undefined {
    if (!this.changes.hasChanges(table)) return undefined;
    return this.changes.seenState(table, itemKeyText(table, key), this.view, this.now());
  }
}

/** A state the view sees, as the row the read yields, at its position in the read's order. */
interface PlacedRow {
  readonly position: readonly unknown[];
  readonly row: StoredItem;
}

function indexOf(table: StoredTableDefinition, name: string | undefined): IndexDefinition | undefined {
  if (name === undefined) return undefined;
  return [...table.globalIndexes, ...table.localIndexes].find((index) => index.name === name);
}

/** Storage skips the rows of lagging items: it must read as many more to fill a `Limit`. */
function widenLimit<Request extends { readonly limit?: number }>(request: Request, skipped: number): Request {
  return request.limit === undefined ? request : { ...request, limit: request.limit + skipped };
}

/** The seen states the read reaches, as rows (index entries on an index), in the read's order. */
function placeSeenStates(
  table: StoredTableDefinition,
  index: IndexDefinition | undefined,
  lagging: readonly LaggingItem[],
  positionOf: (item: Item) => readonly unknown[] | undefined,
  forward: boolean,
  storedItemOf: (item: Item) => StoredItem,
): PlacedRow[] {
  const placed: PlacedRow[] = [];
  for (const { seen } of lagging) {
    if (seen === undefined) continue;
    const position = positionOf(seen);
    if (position === undefined) continue;
    placed.push({ position, row: storedItemOf(index ? projectForIndex(table, index, seen) : seen) });
  }
  const direction = forward ? 1 : -1;
  return placed.sort((a, b) => direction * compareReadPositions(a.position, b.position));
}

/**
 * Storage's rows without those of lagging items, with the placed rows between them in
 * order. Lazy, as storage's rows are: a page that stops early reads no further.
 */
function* mergeRows(
  table: StoredTableDefinition,
  rows: IterableIterator<StoredItem>,
  placed: readonly PlacedRow[],
  lagging: readonly LaggingItem[],
  positionOf: (item: Item) => readonly unknown[] | undefined,
  forward: boolean,
): IterableIterator<StoredItem> {
  const skipped = new Set(lagging.map((item) => item.key));
  // Rows storage holds for lagging items in this read: once all are skipped and every placed
  // row is out, the rest passes through unread.
  let skipsLeft = lagging.filter((item) => item.latest !== undefined && positionOf(item.latest) !== undefined).length;
  const direction = forward ? 1 : -1;
  let next = 0;
  try {
    for (const row of rows) {
      if (skipsLeft === 0 && next >= placed.length) {
        yield row;
        continue;
      }
      const item = row.item;
      if (next < placed.length) {
        const position = positionOf(item);
        while (
          position !== undefined &&
          next < placed.length &&
          direction * compareReadPositions(placed[next].position, position) < 0
        ) {
          yield placed[next++].row;
        }
      }
      if (!skipped.has(itemKeyText(table, item))) yield row;
      else skipsLeft--;
    }
    while (next < placed.length) yield placed[next++].row;
  } finally {
    rows.return?.();
  }
}
