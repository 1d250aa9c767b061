import { CloudOptionsError, describe } from './cloud-options-error.js';
import type { SeededRandom } from './seeded-random.js';

/** A duration option as the engine uses it: always a range, `[n, n]` for a fixed figure. */
export type DurationRange = readonly [min: number, max: number];

/** Checks a duration option (a number or `[min, max]`, none negative, min ≤ max) and gives its range. */
export function durationRangeOf(value: unknown, path: string): DurationRange {
  if (typeof value === 'number') {
    requireDuration(value, path);
    return [value, value];
  }
  if (Array.isArray(value) && value.length === 2) {
    const [min, max] = value as unknown[];
    requireDuration(min, `${path}[0]`);
    requireDuration(max, `${path}[1]`);
    if (min > max) throw new CloudOptionsError(path, `[${min}, ${max}] is inverted: the minimum is above the maximum`);
    return [min, max];
  }
  throw new CloudOptionsError(path, `must be a number of ms or [min, max], not ${describe(value)}`);
}

function requireDuration(value: unknown, path: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new CloudOptionsError(path, `must be a finite number of ms, not ${describe(value)}`);
  }
  if (value < 0) throw new CloudOptionsError(path, `must not be negative (${value})`);
}

/** One draw from the range: its one figure, or uniform between its bounds. */
export function drawDuration(range: DurationRange, random: SeededRandom): number {
  return range[0] === range[1] ? range[0] : random.between(range[0], range[1]);
}
