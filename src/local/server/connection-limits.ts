/**
 * Bounds on what one client can hold on the HTTP front end. Clients that behave never
 * meet them; a slow or stalled one is closed instead of holding memory or a connection
 * for ever.
 *
 * How each limit answers, and why: a head that does not arrive in `headerTimeoutMs` gets a
 * plain close (nothing is known about the request yet, as an AWS load balancer drops a
 * silent connection); a request whose body is not whole `bodyTimeoutMs` after that
 * deadline gets `408 Request Timeout` and a close, as Node's `requestTimeout` answers; a
 * connection over `maxConnections` is closed at once (the SDKs retry it as a network error).
 * When the bytes buffered for unfinished requests reach `maxBufferedBytes`, the connection
 * that went over stops being read until they fall under it again: TCP's flow control then
 * holds its client, so a stalled body costs no more memory and still meets its timeout,
 * while a slow but honest upload waits instead of being cut.
 *
 * @example
 * await startServer({ port: 0, limits: { headerTimeoutMs: 5_000, maxConnections: 256 } });
 */
export interface ConnectionLimits {
  /** Time from a request's first byte to the end of its head. Default 20 s. */
  readonly headerTimeoutMs: number;
  /**
   * Time a request's body may take beyond the head's deadline: a request must be whole within
   * `headerTimeoutMs + bodyTimeoutMs` of its first byte. Default 60 s.
   */
  readonly bodyTimeoutMs: number;
  /** Open connections served at once. Default 2,048. */
  readonly maxConnections: number;
  /**
   * Bytes held, over all connections, for requests not yet complete. Default 32 MB: with
   * back-pressure it throttles rather than fails, and a server's peak memory is about its
   * baseline, this, one leader body (≤ 16 MB) and the garbage V8 lets pile up before it
   * collects (up to about 64 MB of released buffers).
   */
  readonly maxBufferedBytes: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headerTimeoutMs: 20_000,
  bodyTimeoutMs: 60_000,
  maxConnections: 2_048,
  maxBufferedBytes: 32 * 1024 * 1024,
};

/** One connection as the budget knows it: the function that resumes its reading. */
export type BudgetHolder = () => void;

/**
 * The bytes buffered for unfinished requests, shared by every connection of one server.
 *
 * A connection whose growth takes the total over the limit stops reading (`hold` answers
 * false) and is woken (its `BudgetHolder` called) when bytes are released. One connection,
 * the *leader*, may read past the limit until it releases: without it, requests that are
 * together larger than the limit (or one larger than it) would all wait for each other
 * until their body timeouts. The leader's request is at most the largest body the server
 * reads, so memory stays under the limit plus one such body (plus a chunk per waiter).
 */
export class BufferBudget {
  private used = 0;
  private leader: BudgetHolder | undefined;
  private readonly waiting = new Set<BudgetHolder>();
  constructor(private readonly limit: number) {}

  /**
   * Moves `holder`'s holding from `before` to `after` bytes; false when it must stop reading
   * until woken. A connection that did not grow (one that holds nothing between whole
   * requests) never waits.
   */
  hold(holder: BudgetHolder, before: number, after: number): boolean {
    this.used += after - before;
    if (after <= before) {
      if (after < before) {
        if (this.leader === holder) this.leader = undefined;
        this.wakeIfRoom();
      }
      return true;
    }
    if (this.used <= this.limit || this.leader === holder) return true;
    if (this.leader === undefined) {
      this.leader = holder;
      return true;
    }
    this.waiting.add(holder);
    return false;
  }

  /** `holder`'s connection is gone (or no longer served here), with the `held` bytes it had. */
  leave(holder: BudgetHolder, held: number): void {
    this.waiting.delete(holder);
    this.used -= held;
    if (this.leader === holder) this.leader = undefined;
    this.wakeIfRoom();
  }

  private wakeIfRoom(): void {
    if (this.waiting.size === 0 || (this.used >= this.limit && this.leader !== undefined)) return;
    // Every waiter reads on; each that goes over again waits again. Waking all (not one)
    // matters: a woken connection whose client sends nothing more would never release.
    const woken = [...this.waiting];
    this.waiting.clear();
    for (const wake of woken) wake();
  }

  get bytes(): number {
    return this.used;
  }

  /** Connections waiting for room. */
  get waiters(): number {
    return this.waiting.size;
  }
}
