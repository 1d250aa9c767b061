/**
 * Units a partition may still consume: refilled continuously at `perSecond` on the engine's
 * clock, up to one second's worth (the service keeps no burst for a partition: "Burst
 * capacity can't alleviate partition-level throttling"). A request is admitted while units
 * are left and then charged what it consumed, so the units admitted over a second are the
 * limit, give or take the last request's.
 */
export class TokenBucket {
  private units: number;
  private at: number;

  constructor(
    private readonly perSecond: number,
    now: number,
  ) {
    this.units = perSecond;
    this.at = now;
  }

  /** Whether a request may run at `now`. */
  admits(now: number): boolean {
    this.refill(now);
    return this.units > 0;
  }

  /** Charges what an admitted request consumed. */
  charge(units: number): void {
    this.units -= units;
  }

  /** Whether the bucket is full at `now` (and may be forgotten). */
  isFull(now: number): boolean {
    this.refill(now);
    return this.units >= this.perSecond;
  }

  private refill(now: number): void {
    if (now > this.at) {
      this.units = Math.min(this.perSecond, this.units + ((now - this.at) / 1000) * this.perSecond);
      this.at = now;
    }
  }
}
