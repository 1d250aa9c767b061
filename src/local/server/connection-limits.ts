import type { Socket } from 'node:net';

/**
 * Bounds on what one client can hold on the HTTP front end. Clients that behave never
 * meet them; a slow or stalled one is closed instead of holding memory or a connection
 * for ever.
 *
 * How each limit answers, and why: a head that does not arrive in `headerTimeoutMs` gets a
 * plain close (nothing is known about the request yet, as an AWS load balancer drops a
 * silent connection); a body that does not arrive in `bodyTimeoutMs` gets
 * `408 Request Timeout` and a close, as Node's own `requestTimeout` answers; a connection
 * over `maxConnections` is closed at once, and a chunk that would take the bytes buffered
 * for unfinished requests over `maxBufferedBytes` closes its connection: the SDKs retry
 * both as network errors.
 *
 * @example
 * await startServer({ port: 0, limits: { headerTimeoutMs: 5_000, maxConnections: 256 } });
 */
export interface ConnectionLimits {
  /** Time from a request's first byte to the end of its head. Default 20 s. */
  readonly headerTimeoutMs: number;
  /** Time from the end of a request's head to the end of its body. Default 60 s. */
  readonly bodyTimeoutMs: number;
  /** Open connections served at once. Default 2,048. */
  readonly maxConnections: number;
  /** Bytes held, over all connections, for requests not yet complete. Default 128 MB. */
  readonly maxBufferedBytes: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headerTimeoutMs: 20_000,
  bodyTimeoutMs: 60_000,
  maxConnections: 2_048,
  maxBufferedBytes: 128 * 1024 * 1024,
};

const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';

/** 408, then the connection goes: not waiting for the client, which may still be sending its body. */
function answerTimeout(socket: Socket): void {
  socket.end(REQUEST_TIMEOUT_ANSWER);
  setTimeout(() => socket.destroy(), 100).unref();
}

/** The bytes buffered for unfinished requests, shared by every connection of one server. */
export class BufferBudget {
  private used = 0;
  constructor(private readonly limit: number) {}

  /** Moves one connection's holding from `before` to `after` bytes; false when that is over the limit. */
  resize(before: number, after: number): boolean {
    if (after > before && this.used + (after - before) > this.limit) return false;
    this.used += after - before;
    return true;
  }

  get bytes(): number {
    return this.used;
  }
}

/**
 * The deadline of the request partly read on one connection: the head's, then the body's.
 * Started when a request is partly buffered, cleared once it is complete.
 */
export class RequestDeadline {
  private timer: NodeJS.Timeout | undefined;
  private phase: 'none' | 'head' | 'body' = 'none';

  constructor(
    private readonly socket: Socket,
    private readonly limits: ConnectionLimits,
  ) {}

  /** A request is partly read: `headRead` tells whether its head is complete. */
  waiting(headRead: boolean): void {
    const phase = headRead ? 'body' : 'head';
    if (phase === this.phase) return;
    this.clear();
    this.phase = phase;
    const socket = this.socket;
    this.timer = headRead
      ? setTimeout(() => answerTimeout(socket), this.limits.bodyTimeoutMs)
      : setTimeout(() => socket.destroy(), this.limits.headerTimeoutMs);
    this.timer.unref();
  }

  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.phase = 'none';
  }
}
