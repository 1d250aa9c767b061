import { describe, expect, it } from 'vitest';
import { TestClock } from './test-clock.js';

describe('TestClock', () => {
  it('stands still until moved, and moves by durations or milliseconds', () => {
    const clock = new TestClock('2026-03-01T09:00:00Z');
    expect(clock.iso()).toBe('2026-03-01T09:00:00.000Z');
    expect(clock.now()).toBe(Date.parse('2026-03-01T09:00:00Z'));
    clock.advance('7d');
    expect(clock.iso()).toBe('2026-03-08T09:00:00.000Z');
    clock.advance({ hours: 1, minutes: 30 });
    clock.advance(1500);
    expect(clock.iso()).toBe('2026-03-08T10:30:01.500Z');
    clock.set(new Date('2025-12-31T23:59:59Z'));
    expect(clock.date()).toEqual(new Date('2025-12-31T23:59:59Z'));
  });

  it('hands out `now` bound, so it can be passed as a clock', () => {
    const clock = new TestClock(0);
    const { now } = clock;
    clock.advance('1s');
    expect(now()).toBe(1000);
  });

  it('starts at the real time when given none', () => {
    const before = Date.now();
    const clock = new TestClock();
    expect(clock.now()).toBeGreaterThanOrEqual(before);
    expect(clock.now()).toBeLessThanOrEqual(Date.now());
  });

  it('tells listeners each move until they unsubscribe', () => {
    const clock = new TestClock(1000);
    const moves: unknown[] = [];
    const stop = clock.onMove((move) => moves.push(move));
    clock.advance(500);
    clock.set(0);
    stop();
    clock.advance(1);
    expect(moves).toEqual([
      { from: 1000, to: 1500 },
      { from: 1500, to: 0 },
    ]);
  });

  it('refuses an invalid time, a backward or non-finite step and a malformed duration', () => {
    expect(() => new TestClock('next tuesday')).toThrow(RangeError);
    const clock = new TestClock(0);
    expect(() => clock.set(Number.NaN)).toThrow(/invalid time/);
    expect(() => clock.advance(-1)).toThrow(/use set\(\) to go back/);
    expect(() => clock.advance(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => clock.advance('7 days' as never)).toThrow(/invalid duration '7 days'/);
    expect(clock.now()).toBe(0);
  });
});
