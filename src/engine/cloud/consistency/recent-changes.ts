import type { StoredTableDefinition } from '../../storage/storage.js';
import type { Item } from '../../values/attribute-value.js';
import { itemKeyText, itemPartitionTexts } from './item-key-text.js';

/**
 * Which reads a change reaches late: eventually consistent reads of the table and its
 * local secondary indexes (`table`, after the replication lag), or reads of its global
 * secondary indexes (`globalIndexes`, after the index lag).
 */
export type LaggingView = 'table' | 'globalIndexes';

/** One item change as the lagging reads need it: the item before and after, and when each view sees it. */
export interface RecentChange {
  /** The item before the change (`undefined`: absent). */
  readonly before: Item | undefined;
  /** The item after the change (`undefined`: deleted). */
  readonly after: Item | undefined;
  /** Engine clock (epoch ms) when it was made. */
  readonly changedAt: number;
  /** When eventually consistent reads of the table (and its LSIs) first see it. */
  readonly tableVisibleAt: number;
  /** When reads of the table's GSIs first see it. */
  readonly indexVisibleAt: number;
}

/** The changes of one item not yet seen by every view, oldest first. */
interface ItemChanges {
  readonly key: string;
  readonly changes: RecentChange[];
  /** The partitions (of the table, of each index) any of its images lies in: where reads look for it. */
  readonly partitions: Set<string>;
}

/** The recent changes of one table, by item and by partition. */
interface TableChanges {
  readonly items: Map<string, ItemChanges>;
  /** Partition text (itemPartitionTexts) → keys of items with a recent change there. */
  readonly partitions: Map<string, Set<string>>;
}

/** How long a change takes to reach each view: each call draws one lag, in ms. */
export interface LagDraws {
  readonly table: () => number;
  readonly globalIndexes: () => number;
  /** The longest lag either can draw: a change this old is seen by every view. */
  readonly longest: number;
}

/**
 * The changes made recently enough that some eventually consistent read may not see them
 * yet: for each, the item before and after it, and when each view first sees it. Kept in
 * memory by the engine that made the writes (lagging-reads.ts merges them into reads),
 * only while the cloud behaviour's consistency lags are on.
 *
 * A view sees an item's changes in the order they were made (its `visibleAt` never goes
 * back from one change of the item to the next), as a replica applies them; so what a
 * lagging read answers is always a state the item had, at most the longest lag ago.
 *
 * @example
 * const changes = new RecentChanges({ table: () => 100, globalIndexes: () => 500, longest: 500 });
 * changes.record(table, undefined, item, now());      // a put of a new item
 * changes.stateAt(table, key, 'table', now());        // { pending: true, item: undefined } for 100 ms
 */
export class RecentChanges {
  private readonly tables = new Map<string, TableChanges>();
  /** Every recorded change in the order made, for forgetting the ones every view sees. */
  private readonly order: { readonly table: string; readonly key: string; readonly change: RecentChange }[] = [];
  private orderStart = 0;

  constructor(private readonly lags: LagDraws) {}

  /** Whether any change is still kept (reads of a table without one cost nothing more). */
  get isEmpty(): boolean {
    return this.tables.size === 0;
  }

  /** Records a committed change of one item (`before` and `after` both undefined: nothing to record). */
  record(table: StoredTableDefinition, before: Item | undefined, after: Item | undefined, now: number): void {
    const image = after ?? before;
    if (image === undefined) return;
    this.forgetSeen(now);
    let tableChanges = this.tables.get(table.name);
    if (tableChanges === undefined) {
      tableChanges = { items: new Map(), partitions: new Map() };
      this.tables.set(table.name, tableChanges);
    }
    const key = itemKeyText(table, image);
    let item = tableChanges.items.get(key);
    if (item === undefined) {
      item = { key, changes: [], partitions: new Set() };
      tableChanges.items.set(key, item);
    }
    const previous = item.changes[item.changes.length - 1];
    const change: RecentChange = {
      before,
      after,
      changedAt: now,
      tableVisibleAt: Math.max(now + this.lags.table(), previous?.tableVisibleAt ?? now),
      indexVisibleAt: Math.max(now + this.lags.globalIndexes(), previous?.indexVisibleAt ?? now),
    };
    item.changes.push(change);
    for (const state of [before, after]) {
      if (state === undefined) continue;
      for (const partition of itemPartitionTexts(table, state)) {
        if (item.partitions.has(partition)) continue;
        item.partitions.add(partition);
        let keys = tableChanges.partitions.get(partition);
        if (keys === undefined) {
          keys = new Set();
          tableChanges.partitions.set(partition, keys);
        }
        keys.add(key);
      }
    }
    this.order.push({ table: table.name, key, change });
  }

  /**
   * The items of `table` a view may not see in their latest state at `now`, with the state
   * it sees: all of the table's, or only those with an image in `partition` (a text of
   * `partitionText`). Items whose every change the view sees are left out.
   */
  *laggingItems(
    table: StoredTableDefinition,
    view: LaggingView,
    now: number,
    partition?: string,
  ): IterableIterator<LaggingItem> {
    const tableChanges = this.tables.get(table.name);
    if (tableChanges === undefined) return;
    const keys = partition === undefined ? tableChanges.items.keys() : tableChanges.partitions.get(partition)?.keys();
    if (keys === undefined) return;
    for (const key of keys) {
      const item = tableChanges.items.get(key) as ItemChanges;
      const seen = seenState(item.changes, view, now);
      if (seen !== undefined) yield { key, seen: seen.item, latest: item.changes[item.changes.length - 1].after };
    }
  }

  /** The state of one item a view sees at `now`, or `undefined` when it sees the latest. */
  seenState(table: StoredTableDefinition, key: string, view: LaggingView, now: number): SeenState | undefined {
    const item = this.tables.get(table.name)?.items.get(key);
    return item === undefined ? undefined : seenState(item.changes, view, now);
  }

  /** Whether `table` has a change some view may not see yet. */
  hasChanges(table: StoredTableDefinition): boolean {
    return this.tables.has(table.name);
  }

  /** Forgets the changes of a table (deleted, recreated or redefined: its reads see the latest at once). */
  forgetTable(name: string): void {
    this.tables.delete(name);
  }

  /** Drops the changes every view sees by `now`: changes older than the longest lag. */
  forgetSeen(now: number): void {
    const order = this.order;
    let start = this.orderStart;
    while (start < order.length && order[start].change.changedAt + this.lags.longest <= now) {
      const { table, key, change } = order[start];
      start++;
      const tableChanges = this.tables.get(table);
      const item = tableChanges?.items.get(key);
      // Gone already when its table was forgotten (and maybe recreated since).
      if (tableChanges === undefined || item === undefined || item.changes[0] !== change) continue;
      item.changes.shift();
      if (item.changes.length > 0) continue;
      tableChanges.items.delete(key);
      for (const partition of item.partitions) {
        const keys = tableChanges.partitions.get(partition);
        keys?.delete(key);
        if (keys?.size === 0) tableChanges.partitions.delete(partition);
      }
      if (tableChanges.items.size === 0) this.tables.delete(table);
    }
    // Compact now and then, so the list holds only changes still kept.
    if (start > 1024 && start * 2 > order.length) {
      order.splice(0, start);
      start = 0;
    }
    this.orderStart = start;
  }
}

/** The state of an item a lagging view sees (`item` undefined: absent there). */
export interface SeenState {
  readonly item: Item | undefined;
}

/** An item whose latest state a view does not see yet, and the state it sees. */
export interface LaggingItem {
  /** itemKeyText of the item. */
  readonly key: string;
  readonly seen: Item | undefined;
  /** Its latest state, as storage holds it (`undefined`: absent). */
  readonly latest: Item | undefined;
}

/** What a view sees of changes (oldest first): `undefined` when it sees the last one. */
function seenState(changes: readonly RecentChange[], view: LaggingView, now: number): SeenState | undefined {
  const last = changes.length - 1;
  if (visibleAt(changes[last], view) <= now) return undefined;
  // visibleAt never decreases from one change to the next: walk back to the last one seen.
  for (let index = last - 1; index >= 0; index--) {
    if (visibleAt(changes[index], view) <= now) return { item: changes[index].after };
  }
  return { item: changes[0].before };
}

function visibleAt(change: RecentChange, view: LaggingView): number {
  return view === 'table' ? change.tableVisibleAt : change.indexVisibleAt;
}
