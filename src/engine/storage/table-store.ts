import type * as Database from './sqlite-driver.js';
import type { Item } from '../values/attribute-value.js';
import { itemSize } from '../values/index.js';
import { CreationTimes } from './creation-time.js';
import { hasIndexEntry, indexEntryOf, type IndexEntry } from './index-entry.js';
import { indexPartitionColumn, indexSegment, indexSortColumn } from './index-key-columns.js';
import { isIndexableKeyValue } from './indexable-key-value.js';
import { SegmentHasher } from './segment-hash.js';
import type { KeyColumnValue } from './sort-range.js';
import { createTtlIndex } from './table-schema.js';
import type { IndexDefinition, PutHints } from './storage.js';
import type { StoredItem } from './stored-item.js';
import type { SliceLimits, SliceProgress } from './slice-limits.js';
import { keyValue, TableReads, type IndexStore } from './table-reads.js';
import { ttlEpochSeconds } from './ttl-column.js';

/** Rows a backfill slice reads per statement. */
const SLICE_READ_BATCH = 100;

/** An item (or index projection) as written: its JSON and its DynamoDB size. */
interface WrittenItem {
  readonly data: string;
  readonly size: number;
}

/**
 * Reads and writes of one DynamoDB table: its prepared statements (built once per
 * catalog version, this is the hot path) and the upkeep of its index tables.
 */
export class TableStore extends TableReads {
  /** The last partition key hashed and the last creation time formatted, for runs of inserts. */
  private readonly segmentHashes = new SegmentHasher();
  private readonly creationTimes = new CreationTimes();
  /* The statements of the writes, each prepared on first use too (see TableReads). */
  private insertItemRowStatement: Database.Statement | undefined;
  private updateItemRowStatement: Database.Statement | undefined;
  private deleteItemRowStatement: Database.Statement | undefined;

  /** Inserts a new item row; does nothing (0 changes) when the key is taken. */
  private get insertItemRow(): Database.Statement {
    return (this.insertItemRowStatement ??= this.database.prepare(
      `INSERT INTO ${this.table} (pk, sk, data, created_at, seg, expires_at, size) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (pk, sk) DO NOTHING`,
    ));
  }

  private get updateItemRow(): Database.Statement {
    return (this.updateItemRowStatement ??= this.database.prepare(
      `UPDATE ${this.table} SET data = ?, expires_at = ?, size = ? WHERE pk = ? AND sk = ?`,
    ));
  }

  private get deleteItemRow(): Database.Statement {
    return (this.deleteItemRowStatement ??= this.database.prepare(`DELETE FROM ${this.table} WHERE pk = ? AND sk = ?`));
  }

  private insertIndex(index: IndexStore): Database.Statement {
    return (index.insert ??= this.database.prepare(
      `INSERT INTO ${index.table} (ipk, isk, pk, sk, data, seg, tie, size) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ));
  }

  private removeIndex(index: IndexStore): Database.Statement {
    return (index.remove ??= this.database.prepare(`DELETE FROM ${index.table} WHERE pk = ? AND sk = ?`));
  }

  private replaceIndexData(index: IndexStore): Database.Statement {
    return (index.replaceData ??= this.database.prepare(
      `UPDATE ${index.table} SET data = ?, size = ? WHERE pk = ? AND sk = ? AND ipk = ? AND isk = ?`,
    ));
  }

  /**
   * Inserts or replaces the item and its index entries, inside a write transaction. With
   * `hints.previous` (the item as stored now, read in this transaction) a stored item is a
   * plain update and only the index entries either version has are touched; otherwise an
   * insert is tried first, and only a taken key looks up the index entries.
   */
  putItem(item: Item, hints: PutHints = {}): string {
    const data = JSON.stringify(item);
    this.putStored(item, { data, size: hints.size ?? itemSize(item) }, hints.previous);
    // The stored text, for a stream record's new image.
    return data;
  }

  /**
   * Inserts the item and its index entries if its key is free, inside a write transaction;
   * what it stored, or `undefined` (nothing written) when the key is taken.
   */
  insertItem(item: Item, size: number | undefined): WrittenItem | undefined {
    const stored: WrittenItem = { data: JSON.stringify(item), size: size ?? itemSize(item) };
    const pk = this.partitionColumn(item);
    const sk = this.sortColumn(item);
    if (!this.insertRow(item, pk, sk, stored)) return undefined;
    this.insertIndexEntries(item, pk, sk, stored);
    return stored;
  }

  private putStored(item: Item, stored: WrittenItem, previous: StoredItem | null | undefined): void {
    const pk = this.partitionColumn(item);
    const sk = this.sortColumn(item);
    if (previous) {
      if (this.updateItemRow.run(stored.data, this.ttlValue(item), stored.size, pk, sk).changes > 0) {
        for (const index of this.indexes) this.replaceIndexEntry(index, item, previous.item, pk, sk, stored);
        return;
      }
      // No row after all (a stale `previous`): as if nothing were known.
    }
    if (this.insertRow(item, pk, sk, stored)) {
      this.insertIndexEntries(item, pk, sk, stored);
      return;
    }
    this.updateItemRow.run(stored.data, this.ttlValue(item), stored.size, pk, sk);
    for (const index of this.indexes) this.writeIndexEntry(index, item, pk, sk, stored);
  }

  /** The index entries of a new row (no index holds one for it yet). */
  private insertIndexEntries(item: Item, pk: KeyColumnValue, sk: KeyColumnValue, stored: WrittenItem): void {
    for (const index of this.indexes) this.insertIndexEntry(index, item, pk, sk, stored);
  }

  /** Inserts the item's row if its key is free; `false` (nothing written) when it is taken. */
  private insertRow(item: Item, pk: KeyColumnValue, sk: KeyColumnValue, stored: WrittenItem): boolean {
    const seg = this.segmentHashes.hash(keyValue(item, this.definition.partitionKey));
    const createdAt = this.creationTimes.textAt();
    return this.insertItemRow.run(pk, sk, stored.data, createdAt, seg, this.ttlValue(item), stored.size).changes > 0;
  }

  private ttlValue(item: Item): number | null {
    return this.ttlAttribute === undefined ? null : ttlEpochSeconds(item[this.ttlAttribute]);
  }

  /** Updates the index entry of a stored item whose former version `previous` is known. */
  private replaceIndexEntry(
    index: IndexStore,
    item: Item,
    previous: Item,
    pk: KeyColumnValue,
    sk: KeyColumnValue,
    stored: WrittenItem,
  ): void {
    if (!hasIndexEntry(index.definition, previous)) {
      this.insertIndexEntry(index, item, pk, sk, stored);
      return;
    }
    this.writeIndexEntry(index, item, pk, sk, stored);
  }

  /**
   * Brings the item's entry in one index up to date. When the index keys are those of the
   * stored entry, only `data` changes (`seg` and `tie` derive from the keys): rewriting it
   * in place leaves the index table's three b-trees untouched, where delete + insert
   * rewrote them all (most of an UpdateItem's cost on a table with a GSI).
   */
  private writeIndexEntry(
    index: IndexStore,
    item: Item,
    pk: KeyColumnValue,
    sk: KeyColumnValue,
    stored: WrittenItem,
  ): void {
    const entry = indexEntryOf(this.definition, index.definition, item);
    if (entry === undefined) {
      this.removeIndex(index).run(pk, sk);
      return;
    }
    const { ipk, isk, projected } = this.indexRow(index.definition, entry, stored);
    if (this.replaceIndexData(index).run(projected.data, projected.size, pk, sk, ipk, isk).changes > 0) return;
    this.removeIndex(index).run(pk, sk);
    this.insertIndexRow(index, item, pk, sk, entry, stored);
  }

  private insertIndexEntry(
    index: IndexStore,
    item: Item,
    pk: KeyColumnValue,
    sk: KeyColumnValue,
    stored: WrittenItem,
  ): void {
    const entry = indexEntryOf(this.definition, index.definition, item);
    if (entry !== undefined) this.insertIndexRow(index, item, pk, sk, entry, stored);
  }

  private insertIndexRow(
    index: IndexStore,
    item: Item,
    pk: KeyColumnValue,
    sk: KeyColumnValue,
    entry: IndexEntry,
    stored: WrittenItem,
  ): void {
    const { ipk, isk, projected } = this.indexRow(index.definition, entry, stored);
    const seg = indexSegment(index.definition, entry.partitionValues);
    this.insertIndex(index).run(
      ipk,
      isk,
      pk,
      sk,
      projected.data,
      seg,
      this.tieOf(index.definition, item),
      projected.size,
    );
  }

  /** The key columns of an index entry and what it stores: the item itself for ALL, else its projection. */
  private indexRow(
    index: IndexDefinition,
    entry: IndexEntry,
    stored: WrittenItem,
  ): { ipk: KeyColumnValue; isk: KeyColumnValue; projected: WrittenItem } {
    const ipk = indexPartitionColumn(index, entry.partitionValues);
    const isk = indexSortColumn(index, entry.sortValues);
    const projected =
      entry.projected === undefined
        ? stored
        : { data: JSON.stringify(entry.projected), size: itemSize(entry.projected) };
    return { ipk, isk, projected };
  }

  deleteItem(key: Item): void {
    const pk = this.partitionColumn(key);
    const sk = this.sortColumn(key);
    this.deleteItemRow.run(pk, sk);
    for (const index of this.indexes) this.removeIndex(index).run(pk, sk);
  }

  /** Fills a newly added index from the items already in the table, at once (format migrations). */
  backfillIndex(indexName: string): void {
    this.backfillIndexSlice(indexName, 0, { maxRows: Infinity, maxMs: Infinity });
  }

  /**
   * One slice of a GSI's backfill: the rows after `afterRowid`, in rowid order, within
   * `limits`. An item written since the index was added has its entry from that write; the
   * entry is rewritten from the row as it is now, so either way it ends up right.
   * DynamoDB's backfill leaves out items whose index key values it cannot index.
   */
  backfillIndexSlice(indexName: string, afterRowid: number, limits: SliceLimits): SliceProgress {
    const index = this.indexes.find((candidate) => candidate.definition.name === indexName);
    if (!index) return { lastRowid: afterRowid, finished: true };
    return this.eachRowAfter(afterRowid, limits, (_rowid, pk, sk, data) => {
      this.removeIndex(index).run(pk, sk);
      const item = JSON.parse(data) as Item;
      const entry = indexEntryOf(this.definition, index.definition, item);
      if (entry === undefined || !entry.partitionValues.every((value) => isIndexableKeyValue(value, true))) return;
      if (!entry.sortValues.every((value) => isIndexableKeyValue(value, false))) return;
      this.insertIndexRow(index, item, pk, sk, entry, { data, size: itemSize(item) });
    });
  }

  /** Recomputes the TTL column of every item after the TTL setting changed, at once. */
  refreshTtlColumn(): void {
    if (this.ttlAttribute !== undefined) createTtlIndex(this.database, this.entry.sqlName);
    this.refreshTtlColumnSlice(0, { maxRows: Infinity, maxMs: Infinity });
  }

  /** One slice of recomputing the TTL column (the reaper's index must exist already). */
  refreshTtlColumnSlice(afterRowid: number, limits: SliceLimits): SliceProgress {
    const update = this.statement(`UPDATE ${this.table} SET expires_at = ? WHERE rowid = ?`);
    return this.eachRowAfter(afterRowid, limits, (rowid, _pk, _sk, data) => {
      const item = JSON.parse(data) as Item;
      update.run(this.ttlAttribute === undefined ? null : ttlEpochSeconds(item[this.ttlAttribute]), rowid);
    });
  }

  /**
   * Visits the rows after `afterRowid` in rowid order until `limits` are reached, reading
   * them in small batches (the SQLite driver cannot write while a read statement is open).
   */
  private eachRowAfter(
    afterRowid: number,
    limits: SliceLimits,
    visit: (rowid: number, pk: KeyColumnValue, sk: KeyColumnValue, data: string) => void,
  ): SliceProgress {
    const select = this.statement(
      `SELECT rowid, pk, sk, data FROM ${this.table} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    ).raw();
    const started = performance.now();
    let lastRowid = afterRowid;
    let visited = 0;
    for (;;) {
      const wanted = Math.min(SLICE_READ_BATCH, limits.maxRows - visited);
      const rows = select.all(lastRowid, wanted) as [number, KeyColumnValue, KeyColumnValue, string][];
      for (const [rowid, pk, sk, data] of rows) {
        visit(rowid, pk, sk, data);
        lastRowid = rowid;
        visited++;
        if (performance.now() - started >= limits.maxMs) return { lastRowid, finished: false };
      }
      if (rows.length < wanted) return { lastRowid, finished: true };
      if (visited >= limits.maxRows) return { lastRowid, finished: false };
    }
  }
}
