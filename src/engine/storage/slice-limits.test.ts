import { describe, expect, it } from 'vitest';
import { SliceBudget } from './slice-limits.js';

describe('SliceBudget', () => {
  it('gives the work less time when whole slices overrun, and more back when they are short, within its bounds', () => {
    const budget = new SliceBudget({ maxRows: 500, maxMs: 5 });
    expect(budget.maxMs).toBe(5);
    expect(budget.maxRows).toBe(500);
    // A slice of 5 ms of work that took 20 ms with its commit: a quarter of the time next.
    budget.took(20);
    expect(budget.maxMs).toBeCloseTo(1.25);
    // Never below the least budget, however long the commit.
    budget.took(1_000);
    expect(budget.maxMs).toBe(0.5);
    // Short slices double it at most per slice, up to the limit and no further.
    budget.took(0.1);
    expect(budget.maxMs).toBe(1);
    budget.took(0.1);
    budget.took(0.1);
    budget.took(0.1);
    expect(budget.maxMs).toBe(5);
    expect(budget.maxRows).toBe(500);
  });
});
