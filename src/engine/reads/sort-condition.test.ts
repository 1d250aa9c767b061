import { describe, expect, it } from 'vitest';
import { matchesSortCondition } from './sort-condition.js';

describe('matchesSortCondition', () => {
  it('compares numbers numerically', () => {
    expect(matchesSortCondition({ N: '10' }, { operator: '>', values: [{ N: '9' }] })).toBe(true);
    expect(matchesSortCondition({ N: '3' }, { operator: '>', values: [{ N: '3' }] })).toBe(false);
    expect(matchesSortCondition({ N: '3.0' }, { operator: '=', values: [{ N: '3' }] })).toBe(true);
    expect(matchesSortCondition({ N: '5' }, { operator: 'BETWEEN', values: [{ N: '1' }, { N: '5' }] })).toBe(true);
    expect(matchesSortCondition({ N: '6' }, { operator: 'BETWEEN', values: [{ N: '1' }, { N: '5' }] })).toBe(false);
  });

  it('applies begins_with to strings and to bytes', () => {
    expect(matchesSortCondition({ S: 'order#1' }, { operator: 'BEGINS_WITH', values: [{ S: 'order#' }] })).toBe(true);
    expect(matchesSortCondition({ S: 'ord' }, { operator: 'BEGINS_WITH', values: [{ S: 'order#' }] })).toBe(false);
    expect(matchesSortCondition({ B: 'AQI=' }, { operator: 'BEGINS_WITH', values: [{ B: 'AQ==' }] })).toBe(true);
    expect(matchesSortCondition({ B: 'AA==' }, { operator: 'BEGINS_WITH', values: [{ B: 'AQ==' }] })).toBe(false);
  });

  it('never matches a value of another type', () => {
    expect(matchesSortCondition({ S: '3' }, { operator: '<=', values: [{ N: '3' }] })).toBe(false);
  });
});
