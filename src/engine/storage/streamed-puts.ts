import type { Item } from '../values/attribute-value.js';
import { itemSize } from '../values/index.js';
import type { PutHints, StoredTableDefinition, TableStream } from './storage.js';
import type { ItemChange, StreamLog } from './stream-log.js';
import type { StoredItem } from './stored-item.js';
import type { TableStore } from './table-store.js';

/** What a put on a table with a stream works on in the SQLite storage (sqlite-storage.ts). */
export interface StreamedPutStorage {
  readonly streams: StreamLog;
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
): void {
  const known = hints?.previous;
  if (known === undefined) {
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

/** The old image of a change: the item replaced or deleted, with its stored text and size as they are. */
export function imageBefore(before: StoredItem | undefined): ItemChange {
  if (before === undefined) return {};
  if (!before.hasSize) return { before: before.item, beforeText: before.text };
  return { before: before.item, beforeText: before.text, beforeSize: before.size };
}
