import type { Item } from '../values/attribute-value.js';
import { itemSize } from '../values/index.js';
import type { HeldTransaction } from './held-transaction.js';
import type { PutHints, StoredTableDefinition, TableStream } from './storage.js';
import type { ItemChange, StreamLog } from './stream-log.js';
import type { StoredItem } from './stored-item.js';
import type { TableStore } from './table-store.js';
import type { WriteTransactions } from './write-transactions.js';

/** What a put on a table with a stream works on in the SQLite storage (sqlite-storage.ts). */
export interface StreamedPutStorage {
  readonly streams: StreamLog;
  readonly transactions: WriteTransactions;
  /** Nesting of `writeTransaction` calls while the held transaction is in use. */
  heldWriteDepth: number;
}

/**
 * A put on a table with a stream, and its record. With the replaced item unknown, the
 * insert is tried first: a new key needs no read (the record is an INSERT), and only a
 * taken key reads the item it replaces. The images go into the record as storage holds
 * them (the new item's text, the replaced row's text and size), not serialised again.
 */
export function putStreamed(
  storage: StreamedPutStorage,
  store: TableStore,
  table: StoredTableDefinition,
  stream: TableStream,
  item: Item,
  hints: PutHints | undefined,
  keyTaken = false,
): void {
  const known = hints?.previous;
  if (known === undefined && !keyTaken) {
    const inserted = store.insertItem(item, hints?.size);
    if (inserted !== undefined) {
      storage.streams.append(
        table,
        stream,
        { after: item, afterText: inserted.data, afterSize: inserted.size },
        'request',
      );
      return;
    }
  }
  const before = known === undefined ? store.getItem(item) : (known ?? undefined);
  const size = hints?.size ?? itemSize(item);
  const afterText = store.putItem(item, { previous: before ?? null, size });
  storage.streams.append(table, stream, { ...imageBefore(before), after: item, afterText, afterSize: size }, 'request');
}

/**
 * A put with a stream on a private in-memory database, outside any write transaction.
 * A new item that no index holds is one statement, and its record another, written in
 * the held transaction without a savepoint around them: a savepoint there costs about
 * as much as the record itself, since SQLite copies every page the two statements touch
 * (already changed in the held transaction) into a statement journal so that the
 * savepoint alone could be rolled back (measured: 2.9 of the 5.6 µs a record added to an
 * in-memory PutItem). Atomicity stays: each statement is atomic, and if the record's
 * insert fails, the item is deleted again before the error surfaces; no other connection
 * can see the moment between the two. Any other put (a taken key, index entries to
 * write) runs in a savepoint, as without a stream.
 */
export function putStreamedInHeldTransaction(
  storage: StreamedPutStorage,
  held: HeldTransaction,
  store: TableStore,
  table: StoredTableDefinition,
  stream: TableStream,
  item: Item,
  hints: PutHints | undefined,
): void {
  held.open();
  storage.heldWriteDepth++;
  try {
    let keyTaken = false;
    if (hints?.previous === undefined && !store.anyIndexHolds(item)) {
      const inserted = store.insertItem(item, hints?.size);
      if (inserted !== undefined) {
        try {
          storage.streams.append(
            table,
            stream,
            { after: item, afterText: inserted.data, afterSize: inserted.size },
            'request',
          );
        } catch (error) {
          store.deleteItem(item);
          throw error;
        }
        return;
      }
      keyTaken = true;
    }
    // Inside the held transaction this is a savepoint.
    storage.transactions.run('immediate', () => putStreamed(storage, store, table, stream, item, hints, keyTaken));
  } finally {
    storage.heldWriteDepth--;
    storage.streams.transactionEnded();
    held.wrote();
  }
}

/** The old image of a change: the item replaced or deleted, with its stored text and size as they are. */
export function imageBefore(before: StoredItem | undefined): ItemChange {
  if (before === undefined) return {};
  if (!before.hasSize) return { before: before.item, beforeText: before.text };
  return { before: before.item, beforeText: before.text, beforeSize: before.size };
}
