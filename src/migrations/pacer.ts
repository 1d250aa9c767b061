/**
 * A capacity budget: at most `unitsPerSecond` units in any one-second window. `spend` books what a
 * request consumed and, once the window's budget is used, waits for the next window.
 */
export class Pacer {
  private windowStart = Date.now();
  private spent = 0;

  constructor(
    private readonly unitsPerSecond: number | undefined,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  async spend(units: number): Promise<void> {
    if (this.unitsPerSecond === undefined) return;
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.spent = 0;
    }
    this.spent += units;
    if (this.spent < this.unitsPerSecond) return;
    await this.sleep(Math.max(0, 1000 - (Date.now() - this.windowStart)));
    this.windowStart = Date.now();
    this.spent = 0;
  }
}
