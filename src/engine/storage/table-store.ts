import type Database from 'better-sqlite3';
import type { Item } from '../values/attribute-value.js';
import { itemSize } from '../values/index.js';
import type { CatalogEntry } from './catalog.js';
import { creationTime } from './creation-time.js';
import { hasIndexEntry, indexEntryOf, type IndexEntry } from './index-entry.js';
import { indexPartitionColumn, indexSegment, indexSortColumn } from './index-key-columns.js';
import { isIndexableKeyValue } from './indexable-key-value.js';
import { segmentHash } from './segment-hash.js';
import type { KeyColumnValue } from './sort-range.js';
import { keyValue, TableReads, type IndexStore } from './table-reads.js';
import { createTtlIndex } from './table-schema.js';
import type { IndexDefinition, PutHints } from './storage.js';
import { ttlEpochSeconds } from './ttl-column.js';

/** An item (or index projection) as stored: its JSON and its DynamoDB size. */
interface StoredItem {
  readonly data: string;
  readonly size: number;
}

/**
 * Reads and writes of one DynamoDB table: the reads of `TableReads`, and the writes with
 * the upkeep of its index tables.
 */
export class TableStore extends TableReads {
  /*
   * The statements of the hot path, each prepared on first use: a table that lives for one
   * test runs a few of them, and a statement costs more to prepare than to run many times.
   */
  private insertItemRowStatement: Database.Statement | undefined;
  private updateItemRowStatement: Database.Statement | undefined;
  private deleteItemRowStatement: Database.Statement | undefined;
  private readonly ttlAttribute: string | undefined;

  constructor(database: Database.Database, entry: CatalogEntry) {
    super(database, entry);
    const ttl = this.definition.timeToLive;
    this.ttlAttribute = ttl?.enabled ? ttl.attributeName : undefined;
  }

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
   * {@link putItem} for a caller outside any transaction. A new item that no index holds
   * is one statement, atomic by itself, without BEGIN and COMMIT around it; any other put
   * runs in `transaction`.
   */
  putItemAlone(item: Item, size: number | undefined, transaction: (work: () => void) => void): void {
    const stored: StoredItem = { data: JSON.stringify(item), size: size ?? itemSize(item) };
    if (this.anyIndexHolds(item)) {
      transaction(() => this.putStored(item, stored, undefined));
      return;
    }
    const pk = this.partitionColumn(item);
    const sk = this.sortColumn(item);
    if (this.insertRow(item, pk, sk, stored)) return;
    // The key is taken: replace the row (and, if it went in the meantime, insert it after all).
    transaction(() => this.replaceOrInsert(item, pk, sk, stored));
  }

  private anyIndexHolds(item: Item): boolean {
    for (const index of this.indexes) if (hasIndexEntry(index.definition, item)) return true;
    return false;
  }

  private putStored(item: Item, stored: StoredItem, previous: Item | null | undefined): void {
    const pk = this.partitionColumn(item);
    const sk = this.sortColumn(item);
    if (previous) {
      if (this.updateItemRow.run(stored.data, this.ttlValue(item), stored.size, pk, sk).changes > 0) {
        for (const index of this.indexes) this.replaceIndexEntry(index, item, previous, pk, sk, stored);
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

  /** Replaces the row of a key found taken; another process may have deleted it since. */
  private replaceOrInsert(item: Item, pk: KeyColumnValue, sk: KeyColumnValue, stored: StoredItem): void {
    if (this.updateItemRow.run(stored.data, this.ttlValue(item), stored.size, pk, sk).changes > 0) {
      for (const index of this.indexes) this.writeIndexEntry(index, item, pk, sk, stored);
    } else if (this.insertRow(item, pk, sk, stored)) {
      this.insertIndexEntries(item, pk, sk, stored);
    }
  }

  /** The index entries of a new row (no index holds one for it yet). */
  private insertIndexEntries(item: Item, pk: KeyColumnValue, sk: KeyColumnValue, stored: StoredItem): void {
    for (const index of this.indexes) this.insertIndexEntry(index, item, pk, sk, stored);
  }

  /** Inserts the item's row if its key is free; `false` (nothing written) when it is taken. */
  private insertRow(item: Item, pk: KeyColumnValue, sk: KeyColumnValue, stored: StoredItem): boolean {
    const seg = segmentHash(keyValue(item, this.definition.partitionKey));
    return this.insertItemRow.run(pk, sk, stored.data, creationTime(), seg, this.ttlValue(item), stored.size).changes > 0;
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
    stored: StoredItem,
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
  private writeIndexEntry(index: IndexStore, item: Item, pk: KeyColumnValue, sk: KeyColumnValue, stored: StoredItem): void {
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

  private insertIndexEntry(index: IndexStore, item: Item, pk: KeyColumnValue, sk: KeyColumnValue, stored: StoredItem): void {
    const entry = indexEntryOf(this.definition, index.definition, item);
    if (entry !== undefined) this.insertIndexRow(index, item, pk, sk, entry, stored);
  }

  private insertIndexRow(
    index: IndexStore,
    item: Item,
    pk: KeyColumnValue,
    sk: KeyColumnValue,
    entry: IndexEntry,
    stored: StoredItem,
  ): void {
    const { ipk, isk, projected } = this.indexRow(index.definition, entry, stored);
    const seg = indexSegment(index.definition, entry.partitionValues);
    this.insertIndex(index).run(ipk, isk, pk, sk, projected.data, seg, this.tieOf(index.definition, item), projected.size);
  }

  /** The key columns of an index entry and what it stores: the item itself for ALL, else its projection. */
  private indexRow(
    index: IndexDefinition,
    entry: IndexEntry,
    stored: StoredItem,
  ): { ipk: KeyColumnValue; isk: KeyColumnValue; projected: StoredItem } {
    const ipk = indexPartitionColumn(index, entry.partitionValues);
    const isk = indexSortColumn(index, entry.sortValues);
    const projected =
      entry.projected === undefined ? stored : { data: JSON.stringify(entry.projected), size: itemSize(entry.projected) };
    return { ipk, isk, projected };
  }

  deleteItem(key: Item): void {
    const pk = this.partitionColumn(key);
    const sk = this.sortColumn(key);
    this.deleteItemRow.run(pk, sk);
    for (const index of this.indexes) this.removeIndex(index).run(pk, sk);
  }

  /** Fills a newly added index from the items already in the table. */
  backfillIndex(indexName: string): void {
    const index = this.indexes.find((candidate) => candidate.definition.name === indexName);
    if (!index) return;
    const rows = this.database.prepare(`SELECT pk, sk, data FROM ${this.table}`).raw().iterate() as IterableIterator<
      [KeyColumnValue, KeyColumnValue, string]
    >;
    // Collected first: better-sqlite3 cannot write while a read statement is open.
    const all = [...rows];
    for (const [pk, sk, data] of all) {
      const item = JSON.parse(data) as Item;
      const entry = indexEntryOf(this.definition, index.definition, item);
      if (entry === undefined || !entry.partitionValues.every((value) => isIndexableKeyValue(value, true))) continue;
      if (!entry.sortValues.every((value) => isIndexableKeyValue(value, false))) continue;
      this.insertIndexRow(index, item, pk, sk, entry, { data, size: itemSize(item) });
    }
  }

  /** Recomputes the TTL column of every item after the TTL setting changed. */
  refreshTtlColumn(): void {
    if (this.ttlAttribute !== undefined) createTtlIndex(this.database, this.entry.sqlName);
    const rows = this.database.prepare(`SELECT rowid, data FROM ${this.table}`).raw().all() as [number, string][];
    const update = this.database.prepare(`UPDATE ${this.table} SET expires_at = ? WHERE rowid = ?`);
    for (const [rowid, data] of rows) {
      const item = JSON.parse(data) as Item;
      update.run(this.ttlAttribute === undefined ? null : ttlEpochSeconds(item[this.ttlAttribute]), rowid);
    }
  }
}
