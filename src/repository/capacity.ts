import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';

/** Capacity consumed under one label (an access pattern name or `entity.operation`). */
export interface CapacityTotals {
  readonly requests: number;
  readonly readUnits: number;
  readonly writeUnits: number;
  readonly capacityUnits: number;
}

/**
 * The capacity units of one response's `ConsumedCapacity` (a batch answers one entry per table).
 *
 * @example
 * capacityUnitsOf([{ TableName: 't', CapacityUnits: 2 }, { TableName: 'u', CapacityUnits: 1 }]) // 3
 */
export function capacityUnitsOf(consumed: ConsumedCapacity | readonly ConsumedCapacity[] | undefined): number {
  const list = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed as ConsumedCapacity];
  return list.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
}

/**
 * Accumulates `ConsumedCapacity` by label, so a program can report what each access pattern cost.
 *
 * @example
 * const ledger = new CapacityLedger();
 * ledger.record('getJob', response.ConsumedCapacity);
 * ledger.totals().get('getJob')?.capacityUnits;
 */
export class CapacityLedger {
  private readonly byLabel = new Map<string, CapacityTotals>();

  record(label: string, consumed: ConsumedCapacity | readonly ConsumedCapacity[] | undefined): number {
    const list = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed as ConsumedCapacity];
    const previous = this.byLabel.get(label) ?? { requests: 0, readUnits: 0, writeUnits: 0, capacityUnits: 0 };
    let units = 0;
    let reads = 0;
    let writes = 0;
    for (const entry of list) {
      units += entry.CapacityUnits ?? 0;
      reads += entry.ReadCapacityUnits ?? 0;
      writes += entry.WriteCapacityUnits ?? 0;
    }
    this.byLabel.set(label, {
      requests: previous.requests + 1,
      readUnits: previous.readUnits + reads,
      writeUnits: previous.writeUnits + writes,
      capacityUnits: previous.capacityUnits + units,
    });
    return units;
  }

  /** Totals by label, in first-use order. */
  totals(): ReadonlyMap<string, CapacityTotals> {
    return this.byLabel;
  }

  reset(): void {
    this.byLabel.clear();
  }
}
