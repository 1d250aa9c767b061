import type { DeleteHints, PutHints, Storage, StoredTableDefinition } from '../../storage/storage.js';
import type { StoredItem } from '../../storage/stored-item.js';
import type { Item } from '../../values/attribute-value.js';
import type { RecentChanges } from './recent-changes.js';

/** A change made inside a write transaction, kept until the transaction commits. */
interface PendingChange {
  readonly table: StoredTableDefinition;
  readonly before: Item | undefined;
  readonly after: Item | undefined;
}

/**
 * `storage` with every item write also recorded in `changes`, with the item it replaced,
 * once it commits: the one place every write of the engine passes (the write pipeline's
 * commits, the TTL reaper's deletions), so no operation records anything itself. Changes
 * made inside `writeTransaction` are recorded when the outermost transaction returns, and
 * forgotten with a transaction that throws (rolled back). Deleting, creating or updating a
 * table forgets its recent changes. Every other member is storage's own.
 *
 * Only an engine with consistency lags uses it: without, storage is used as it is and
 * nothing is recorded.
 */
export function recordingStorage(storage: Storage, changes: RecentChanges, now: () => number): Storage {
  /** Changes of each open write transaction, outermost first. */
  const open: PendingChange[][] = [];
  const commit = (change: PendingChange): void => {
    const innermost = open[open.length - 1];
    if (innermost) innermost.push(change);
    else changes.record(change.table, change.before, change.after, now());
  };
  // A put or delete that does not know the item it replaces reads it first (lags on only).
  const before = (table: StoredTableDefinition, key: Item, known: StoredItem | null | undefined): Item | undefined =>
    (known === undefined ? storage.getItem(table, key) : known)?.item;

  const overrides: Partial<Storage> = {
    putItem(table: StoredTableDefinition, item: Item, hints?: PutHints): void {
      const previous = before(table, item, hints?.previous);
      storage.putItem(table, item, hints);
      commit({ table, before: previous, after: item });
    },
    deleteItem(table: StoredTableDefinition, key: Item, hints?: DeleteHints): void {
      const previous = before(table, key, hints?.previous);
      storage.deleteItem(table, key, hints);
      if (previous !== undefined) commit({ table, before: previous, after: undefined });
    },
    writeTransaction<T>(work: () => T): T {
      open.push([]);
      let result: T;
      try {
        result = storage.writeTransaction(work);
      } catch (error) {
        open.pop();
        throw error;
      }
      for (const change of open.pop() as PendingChange[]) commit(change);
      return result;
    },
    createTable(definition: StoredTableDefinition): void {
      changes.forgetTable(definition.name);
      storage.createTable(definition);
    },
    updateTable(definition: StoredTableDefinition): void {
      // A new or deleted index: its entries are storage's from now on, seen by every read.
      if (indexNames(storage.getTable(definition.name)) !== indexNames(definition))
        changes.forgetTable(definition.name);
      storage.updateTable(definition);
    },
    deleteTable(name: string): void {
      changes.forgetTable(name);
      storage.deleteTable(name);
    },
  };
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(storage, {
    get(target, property) {
      const override = overrides[property as keyof Storage];
      if (override !== undefined) return override;
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let method = bound.get(property);
      if (method === undefined) {
        method = value.bind(target);
        bound.set(property, method);
      }
      return method;
    },
  });
}

function indexNames(table: StoredTableDefinition | undefined): string {
  if (table === undefined) return '';
  return [...table.globalIndexes, ...table.localIndexes].map((index) => index.name).join('\u0000');
}
