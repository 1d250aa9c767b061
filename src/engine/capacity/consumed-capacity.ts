/** Units read and written on the table or on one index. Absent means zero. */
export interface CapacityUsage {
  readonly read?: number;
  readonly write?: number;
}

/** What one operation consumed on one table and its indexes, in capacity units. */
export interface TableCapacityUsage {
  readonly table: CapacityUsage;
  /** Only the indexes the operation read or wrote, by index name. */
  readonly globalIndexes?: Readonly<Record<string, CapacityUsage>>;
  readonly localIndexes?: Readonly<Record<string, CapacityUsage>>;
  /**
   * A TransactWriteItems / TransactGetItems: DynamoDB then also reports
   * `WriteCapacityUnits` / `ReadCapacityUnits` beside `CapacityUnits`. `'write'` marks a
   * TransactWriteItems, whose per-table and per-index parts repeat the read split too (a
   * replayed request only reads); `true` repeats only the write split there.
   */
  readonly transactional?: boolean | 'write';
}

export type ReturnConsumedCapacity = 'TOTAL' | 'INDEXES' | 'NONE';

/** DynamoDB's `Capacity` structure (table or one index in `INDEXES` mode). */
export interface Capacity {
  CapacityUnits: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

/** DynamoDB's `ConsumedCapacity` response member. */
export interface ConsumedCapacity extends Capacity {
  TableName: string;
  Table?: Capacity;
  LocalSecondaryIndexes?: Record<string, Capacity>;
  GlobalSecondaryIndexes?: Record<string, Capacity>;
}

function unitsOf(usage: CapacityUsage): number {
  return (usage.read ?? 0) + (usage.write ?? 0);
}

type Transactional = NonNullable<TableCapacityUsage['transactional']>;

function totalCapacity(usage: CapacityUsage, transactional: Transactional): Capacity {
  const capacity: Capacity = { CapacityUnits: unitsOf(usage) };
  // DynamoDB reports the transactional split on the total for reads and writes alike.
  if (transactional && usage.read !== undefined) capacity.ReadCapacityUnits = usage.read;
  if (transactional && usage.write !== undefined) capacity.WriteCapacityUnits = usage.write;
  return capacity;
}

function partCapacity(usage: CapacityUsage, transactional: Transactional): Capacity {
  const capacity: Capacity = { CapacityUnits: unitsOf(usage) };
  // Per table and per index, DynamoDB repeats the split in TransactWriteItems only (reads
  // there come from a replayed request); TransactGetItems leaves its parts unsplit.
  if (transactional === 'write' && usage.read !== undefined) capacity.ReadCapacityUnits = usage.read;
  if (transactional && usage.write !== undefined) capacity.WriteCapacityUnits = usage.write;
  return capacity;
}

function sumUsages(usages: readonly CapacityUsage[]): CapacityUsage {
  let read: number | undefined;
  let write: number | undefined;
  for (const usage of usages) {
    if (usage.read !== undefined) read = (read ?? 0) + usage.read;
    if (usage.write !== undefined) write = (write ?? 0) + usage.write;
  }
  return { ...(read === undefined ? {} : { read }), ...(write === undefined ? {} : { write }) };
}

function indexCapacities(
  indexes: Readonly<Record<string, CapacityUsage>> | undefined,
  transactional: Transactional,
): Record<string, Capacity> | undefined {
  if (!indexes || Object.keys(indexes).length === 0) return undefined;
  const capacities: Record<string, Capacity> = {};
  for (const [name, usage] of Object.entries(indexes)) capacities[name] = partCapacity(usage, transactional);
  return capacities;
}

/**
 * The `ConsumedCapacity` member of a response for `ReturnConsumedCapacity`:
 * `undefined` for `NONE` (or absent), `{ TableName, CapacityUnits }` for `TOTAL` (the
 * table and every index summed), and for `INDEXES` additionally `Table` (always, even
 * at 0 when only an index was read) and `GlobalSecondaryIndexes` /
 * `LocalSecondaryIndexes` for the indexes in `usage`. Batch operations return one per
 * table, in an array.
 *
 * @example
 * consumedCapacity('INDEXES', 'users', { table: { read: 0 }, globalIndexes: { byEmail: { read: 0.5 } } })
 * // → { TableName: 'users', CapacityUnits: 0.5, Table: { CapacityUnits: 0 },
 * //     GlobalSecondaryIndexes: { byEmail: { CapacityUnits: 0.5 } } }
 */
export function consumedCapacity(
  mode: string | undefined,
  tableName: string,
  usage: TableCapacityUsage,
): ConsumedCapacity | undefined {
  if (mode !== 'TOTAL' && mode !== 'INDEXES') return undefined;
  const transactional = usage.transactional ?? false;
  const everything = sumUsages([
    usage.table,
    ...Object.values(usage.globalIndexes ?? {}),
    ...Object.values(usage.localIndexes ?? {}),
  ]);
  const result: ConsumedCapacity = { TableName: tableName, ...totalCapacity(everything, transactional) };
  if (mode === 'TOTAL') return result;
  result.Table = partCapacity(usage.table, transactional);
  const local = indexCapacities(usage.localIndexes, transactional);
  if (local) result.LocalSecondaryIndexes = local;
  const global = indexCapacities(usage.globalIndexes, transactional);
  if (global) result.GlobalSecondaryIndexes = global;
  return result;
}
