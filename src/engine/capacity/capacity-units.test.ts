import { describe, expect, it } from 'vitest';
import { readCapacityUnits, writeCapacityUnits } from './capacity-units.js';

describe('readCapacityUnits', () => {
  it('charges one unit per started 4 KB for a consistent read', () => {
    expect(readCapacityUnits(1, { consistent: true })).toBe(1);
    expect(readCapacityUnits(4096, { consistent: true })).toBe(1);
    expect(readCapacityUnits(4097, { consistent: true })).toBe(2);
  });

  it('charges the minimum for nothing read (a missing item)', () => {
    expect(readCapacityUnits(0, { consistent: true })).toBe(1);
    expect(readCapacityUnits(0)).toBe(0.5);
  });

  it('halves eventually consistent reads', () => {
    expect(readCapacityUnits(100, { consistent: false })).toBe(0.5);
    expect(readCapacityUnits(8193)).toBe(1.5);
  });

  it('doubles transactional reads, which are always consistent', () => {
    expect(readCapacityUnits(100, { transactional: true })).toBe(2);
    expect(readCapacityUnits(4097, { consistent: false, transactional: true })).toBe(4);
  });
});

describe('writeCapacityUnits', () => {
  it('charges one unit per started 1 KB, at least one', () => {
    expect(writeCapacityUnits(0)).toBe(1);
    expect(writeCapacityUnits(1024)).toBe(1);
    expect(writeCapacityUnits(1025)).toBe(2);
    expect(writeCapacityUnits(400 * 1024)).toBe(400);
  });

  it('doubles transactional writes', () => {
    expect(writeCapacityUnits(10, { transactional: true })).toBe(2);
  });
});
