import { describe, expect, it } from 'vitest';
import { CapacityLedger, capacityUnitsOf } from './capacity.js';

describe('capacity', () => {
  it('sums the units of one entry, of a list (batches), and of nothing', () => {
    expect(capacityUnitsOf({ TableName: 't', CapacityUnits: 1.5 })).toBe(1.5);
    expect(
      capacityUnitsOf([{ TableName: 't', CapacityUnits: 2 }, { TableName: 'u', CapacityUnits: 1 }, { TableName: 'v' }]),
    ).toBe(3);
    expect(capacityUnitsOf(undefined)).toBe(0);
  });

  it('books requests and units by label, in first-use order', () => {
    const ledger = new CapacityLedger();
    ledger.record('getJob', { TableName: 't', CapacityUnits: 0.5, ReadCapacityUnits: 0.5 });
    ledger.record('job.create', { TableName: 't', CapacityUnits: 1, WriteCapacityUnits: 1 });
    ledger.record('getJob', { TableName: 't', CapacityUnits: 0.5, ReadCapacityUnits: 0.5 });
    expect([...ledger.totals().keys()]).toEqual(['getJob', 'job.create']);
    expect(ledger.totals().get('getJob')).toEqual({ requests: 2, readUnits: 1, writeUnits: 0, capacityUnits: 1 });
  });

  it('counts a request that reported no capacity', () => {
    const ledger = new CapacityLedger();
    expect(ledger.record('x', undefined)).toBe(0);
    expect(ledger.totals().get('x')?.requests).toBe(1);
  });

  it('forgets everything on reset', () => {
    const ledger = new CapacityLedger();
    ledger.record('x', { CapacityUnits: 1 });
    ledger.reset();
    expect(ledger.totals().size).toBe(0);
  });
});
