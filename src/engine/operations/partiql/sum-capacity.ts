/** A `ConsumedCapacity` of one table, as the item operations answer it. */
export interface ConsumedCapacity {
  readonly TableName: string;
  readonly CapacityUnits?: number;
  readonly ReadCapacityUnits?: number;
  readonly WriteCapacityUnits?: number;
  readonly Table?: Readonly<Record<string, number>>;
  readonly GlobalSecondaryIndexes?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly LocalSecondaryIndexes?: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

const UNITS = ['CapacityUnits', 'ReadCapacityUnits', 'WriteCapacityUnits'] as const;

/**
 * Two reads' capacity on one table as one: what a SELECT of several decomposed reads, or
 * a batch's statements on one table, consumed together.
 */
export function addConsumedCapacity(
  total: ConsumedCapacity | undefined,
  more: ConsumedCapacity | undefined,
): ConsumedCapacity | undefined {
  if (total === undefined) return more;
  if (more === undefined) return total;
  const sum: Record<string, unknown> = { TableName: total.TableName };
  for (const unit of UNITS) {
    if (total[unit] !== undefined || more[unit] !== undefined) sum[unit] = (total[unit] ?? 0) + (more[unit] ?? 0);
  }
  if (total.Table !== undefined || more.Table !== undefined) sum.Table = addUnits(total.Table, more.Table);
  for (const indexes of ['GlobalSecondaryIndexes', 'LocalSecondaryIndexes'] as const) {
    if (total[indexes] === undefined && more[indexes] === undefined) continue;
    const merged: Record<string, Readonly<Record<string, number>>> = { ...total[indexes] };
    for (const [name, units] of Object.entries(more[indexes] ?? {})) merged[name] = addUnits(merged[name], units);
    sum[indexes] = merged;
  }
  return sum as unknown as ConsumedCapacity;
}

function addUnits(
  left: Readonly<Record<string, number>> | undefined,
  right: Readonly<Record<string, number>> | undefined,
): Record<string, number> {
  const sum: Record<string, number> = { ...left };
  for (const [unit, value] of Object.entries(right ?? {})) sum[unit] = (sum[unit] ?? 0) + value;
  return sum;
}
