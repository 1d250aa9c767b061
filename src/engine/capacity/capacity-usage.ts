import { consumedCapacity, readCapacityUnits, writeCapacityUnits } from './index.js';
import { indexEntryOf, projectForIndex } from '../storage/index-entry.js';
import type { IndexDefinition, StoredTableDefinition } from '../storage/storage.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';
import { itemSize, valuesEqual } from '../values/index.js';

/** Units consumed on the table or on one index. */
export interface Units {
  read?: number;
  write?: number;
}

/** What one request consumed on one table, as `consumedCapacity` takes it. */
export interface Usage {
  table: Units;
  globalIndexes?: Record<string, Units>;
  localIndexes?: Record<string, Units>;
}

/** `ReturnConsumedCapacity` as requests carry it (absent means NONE). */
export type CapacityMode = 'TOTAL' | 'INDEXES' | 'NONE' | undefined;

/** The read cost of one item (a missing item still costs the minimum). */
export function readUsage(item: Item | undefined, options: { consistent: boolean; transactional: boolean }): Usage {
  return { table: { read: readCapacityUnits(item ? itemSize(item) : 0, options) } };
}

function indexWriteUnits(
  table: StoredTableDefinition,
  index: IndexDefinition,
  before: Item | undefined,
  after: Item | undefined,
  transactional: boolean,
): number {
  const oldEntry = before ? indexEntryOf(table, index, before) : undefined;
  const newEntry = after ? indexEntryOf(table, index, after) : undefined;
  if (!oldEntry && !newEntry) return 0;
  const entrySize = (item: Item): number => itemSize(projectForIndex(table, index, item)) + indexEntryOverhead(index);
  const units = (item: Item): number => writeCapacityUnits(entrySize(item), { transactional });
  if (!oldEntry) return units(after as Item);
  if (!newEntry) return units(before as Item);
  const sameKey =
    allEqual(oldEntry.partitionValues, newEntry.partitionValues) && allEqual(oldEntry.sortValues, newEntry.sortValues);
  // A new index key moves the entry: DynamoDB deletes the old one and puts the new one.
  if (!sameKey) return units(before as Item) + units(after as Item);
  const oldProjection = projectForIndex(table, index, before as Item);
  const newProjection = projectForIndex(table, index, after as Item);
  // An index whose projection did not change is not written at all.
  if (valuesEqual({ M: oldProjection }, { M: newProjection })) return 0;
  return writeCapacityUnits(Math.max(itemSize(oldProjection), itemSize(newProjection)) + indexEntryOverhead(index), {
    transactional,
  });
}

/**
 * DynamoDB counts 100 bytes of overhead on every local secondary index entry it writes
 * (an LSI entry of 925 projected bytes already costs 2 units); global index entries cost
 * their projected size only.
 */
function indexEntryOverhead(index: IndexDefinition): number {
  return index.kind === 'local' ? 100 : 0;
}

/**
 * The write cost of changing one item from `before` to `after` (either may be absent):
 * the table pays for the larger of the two, each index for the entries it rewrites.
 */
export function writeUsage(
  table: StoredTableDefinition,
  before: Item | undefined,
  after: Item | undefined,
  transactional: boolean,
): Usage {
  const bytes = Math.max(before ? itemSize(before) : 0, after ? itemSize(after) : 0);
  const usage: Usage = { table: { write: writeCapacityUnits(bytes, { transactional }) } };
  for (const [indexes, member] of [
    [table.globalIndexes, 'globalIndexes'],
    [table.localIndexes, 'localIndexes'],
  ] as const) {
    for (const index of indexes) {
      const units = indexWriteUnits(table, index, before, after, transactional);
      if (units > 0) (usage[member] ??= {})[index.name] = { write: units };
    }
  }
  return usage;
}

function addUnits(into: Units, units: Units): void {
  if (units.read !== undefined) into.read = (into.read ?? 0) + units.read;
  if (units.write !== undefined) into.write = (into.write ?? 0) + units.write;
}

/** Adds `usage` into `total` (batches and transactions sum per table). */
export function addUsage(total: Usage, usage: Usage): void {
  addUnits(total.table, usage.table);
  for (const member of ['globalIndexes', 'localIndexes'] as const) {
    for (const [name, units] of Object.entries(usage[member] ?? {})) {
      const byIndex = (total[member] ??= {});
      addUnits((byIndex[name] ??= {}), units);
    }
  }
}

/** Sums usage per table, in the order tables are first met, for multi-table operations. */
export class UsageByTable {
  private readonly totals = new Map<string, Usage>();

  /**
   * @param transactional a transaction's usage, which DynamoDB reports split into
   *   read/write units; `'write'` for TransactWriteItems, whose per-table parts repeat the
   *   read split of a replayed request as well.
   */
  constructor(private readonly transactional: boolean | 'write' = false) {}

  add(tableName: string, usage: Usage): void {
    let total = this.totals.get(tableName);
    if (!total) {
      total = { table: {} };
      this.totals.set(tableName, total);
    }
    addUsage(total, usage);
  }

  /** The `ConsumedCapacity` list member, or `undefined` when not asked for. */
  toResponse(mode: CapacityMode): unknown[] | undefined {
    if (mode !== 'TOTAL' && mode !== 'INDEXES') return undefined;
    return [...this.totals].map(([name, usage]) =>
      consumedCapacity(mode, name, { ...usage, transactional: this.transactional }),
    );
  }
}

/** Whether two index key tuples (of the same index) hold equal values. */
function allEqual(left: readonly AttributeValue[], right: readonly AttributeValue[]): boolean {
  return left.every((value, position) => valuesEqual(value, right[position]));
}
