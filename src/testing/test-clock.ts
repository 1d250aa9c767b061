import { type Duration, durationToSeconds } from '../model/duration.js';

/** A point in time: a `Date`, epoch milliseconds, or an ISO 8601 string. */
export type Instant = Date | number | string;

/** How far to move a {@link TestClock}: a duration as the model writes them (`'7d'`, `{ hours: 2 }`) or milliseconds. */
export type ClockStep = Duration | number;

/** What a clock change hands its listener: the time it moved from and to, in epoch milliseconds. */
export interface ClockMove {
  readonly from: number;
  readonly to: number;
}

/**
 * A clock that stands still until a test moves it. Its `now` is a plain function (epoch
 * milliseconds), so it can be handed to anything that takes a clock: the engine
 * (`new Engine({ inMemory: true, now: clock.now })`, whose TTL reaper and stream records read
 * it) and the repositories (`new TableRepository(client, model, { now: clock.now })`, which
 * compute TTL expiry times from it).
 *
 * @example
 * const clock = new TestClock('2026-03-01T09:00:00Z');
 * clock.advance('7d');
 * clock.iso(); // '2026-03-08T09:00:00.000Z'
 */
export class TestClock {
  private current: number;
  private readonly listeners: ((move: ClockMove) => void)[] = [];

  constructor(start: Instant = Date.now()) {
    this.current = toEpochMs(start, 'start');
  }

  /** The current time in epoch milliseconds (bound: pass `clock.now` itself as a clock). */
  readonly now = (): number => this.current;

  /** The current time as a `Date`. */
  date(): Date {
    return new Date(this.current);
  }

  /** The current time as an ISO 8601 string, e.g. for a `createdAt` attribute. */
  iso(): string {
    return this.date().toISOString();
  }

  /** Moves the clock to `time` (backwards too: a test may need it). */
  set(time: Instant): void {
    this.moveTo(toEpochMs(time, 'time'));
  }

  /** Moves the clock forward by `step`: `'7d'`, `'90m'`, `{ days: 1, hours: 2 }` or milliseconds. */
  advance(step: ClockStep): void {
    this.moveTo(this.current + stepToMs(step));
  }

  /**
   * Calls `listener` after every move (`set`, `advance`); returns the function that removes it.
   * A test table uses it to let the engine reap the items whose TTL the move passed.
   */
  onMove(listener: (move: ClockMove) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  private moveTo(to: number): void {
    const move = { from: this.current, to };
    this.current = to;
    for (const listener of [...this.listeners]) listener(move);
  }
}

function toEpochMs(time: Instant, what: string): number {
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  if (!Number.isFinite(ms)) throw new RangeError(`TestClock: invalid ${what} ${JSON.stringify(String(time))}`);
  return ms;
}

function stepToMs(step: ClockStep): number {
  if (typeof step === 'number') {
    if (!Number.isFinite(step) || step < 0)
      throw new RangeError(`TestClock: cannot advance by ${step} ms (use set() to go back)`);
    return step;
  }
  return durationToSeconds(step, 'TestClock.advance') * 1000;
}
