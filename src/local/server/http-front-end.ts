import { STATUS_CODES, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { crc32OfText } from '../crc32.js';
import {
  BufferBudget,
  DEFAULT_CONNECTION_LIMITS,
  RequestDeadline,
  type ConnectionLimits,
} from './connection-limits.js';
import { MAX_HEAD_BYTES, parseRequestHead, type RequestHead } from './http-request-head.js';
import { newRequestId } from '../request-id.js';
import type { WireAnswer } from '../wire-protocol.js';

/**
 * A minimal HTTP/1.1 keep-alive server for DynamoDB's POST requests, in front of Node's
 * HTTP server: it reads the ordinary request shape off the socket and writes each answer
 * in one piece (docs/performance.md says why it exists). A connection whose request is not
 * the ordinary shape (see `parseRequestHead`) is handed, with the bytes read so far, to
 * `fallback`, a Node HTTP server that never listens itself and serves that connection
 * from then on, so every unusual request is answered as Node answers it.
 */
export interface LeanHttpServer {
  readonly server: Server;
  /** Ends idle connections now and the others after `graceMs`; resolves once all are closed. */
  close(graceMs: number): Promise<void>;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** A request's head text (before the blank line) and body bytes as received. */
export interface RawRequest {
  readonly headText: string;
  readonly body: Buffer;
}

export function createLeanHttpServer(options: {
  /** `raw` is given when `rawRequests` is set. */
  readonly answer: (head: RequestHead, body: string, raw: RawRequest | undefined) => WireAnswer;
  /** Whether `answer` needs each request as received (to check its signature). */
  readonly rawRequests?: boolean;
  readonly fallback: HttpServer;
  readonly keepAliveTimeoutMs: number;
  /** Largest body read here; a larger declared one goes to `fallback`, which refuses it. */
  readonly maxBodyBytes: number;
  /** Timeouts and caps for slow or stalled clients (see `ConnectionLimits`). */
  readonly limits?: ConnectionLimits;
  /** Called once each answer is written, with the request id it was sent under (for the server's log). */
  readonly onAnswered?: (head: RequestHead, reply: WireAnswer, requestId: string) => void;
}): LeanHttpServer {
  const { answer, fallback, keepAliveTimeoutMs, maxBodyBytes, onAnswered } = options;
  const rawRequests = options.rawRequests === true;
  const limits = options.limits ?? DEFAULT_CONNECTION_LIMITS;
  const budget = new BufferBudget(limits.maxBufferedBytes);
  let open = 0;
  const keepAliveHeaders = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(keepAliveTimeoutMs / 1000)}\r\n\r\n`;
  // Node tracks an HTTP server's connections (for closeIdleConnections and its request
  // timeouts) from its 'listening' event on; `fallback` never listens, so it is told.
  fallback.emit('listening');
  /** Connections still served here, and whether a request is partly read on each. */
  const connections = new Map<Socket, { busy: boolean }>();
  let closing = false;

  const server = createServer({ noDelay: true }, (socket) => {
    if (open >= limits.maxConnections) {
      socket.destroy();
      return;
    }
    open++;
    const deadline = new RequestDeadline(socket, limits);
    /** Bytes of this connection counted in `budget`. */
    let held = 0;
    const resumeReading = (): void => {
      if (!socket.destroyed) socket.resume();
    };
    /** Counts this connection's buffered bytes; over the cap, stops reading until there is room. */
    const hold = (bytes: number): void => {
      const before = held;
      held = bytes;
      if (!budget.hold(resumeReading, before, bytes)) socket.pause();
    };
    const release = (): void => {
      budget.leave(resumeReading, held);
      held = 0;
    };
    const state = { busy: false };
    connections.set(socket, state);
    // Bytes received and not yet answered: `parts` are joined only once `needed` bytes are
    // there, so a large body arriving in many chunks is copied once, not once per chunk. A
    // chunk holding whole requests, the usual case, is read without touching `parts`.
    let parts: Buffer[] = [];
    let received = 0;
    let needed = 0;
    // The keep-alive timeout: one timer that, when it fires, looks at when data last came.
    let lastActivity = Date.now();
    let idleTimer: NodeJS.Timeout | undefined;
    const armIdleTimer = (delayMs: number): void => {
      idleTimer = setTimeout(onIdleCheck, delayMs);
      idleTimer.unref();
    };
    const onIdleCheck = (): void => {
      const idleMs = Date.now() - lastActivity;
      // An answer still draining to the client counts as activity, as its writes do for Node.
      if (socket.writableLength > 0) return armIdleTimer(keepAliveTimeoutMs);
      if (idleMs < keepAliveTimeoutMs) return armIdleTimer(keepAliveTimeoutMs - idleMs);
      // Idle keep-alive connections end quietly, as Node's `keepAliveTimeout` ends them.
      if (state.busy) socket.destroy();
      else socket.end();
    };

    const handOver = (pending: Buffer | undefined): void => {
      socket.off('data', onData);
      socket.off('error', onError);
      clearTimeout(idleTimer);
      deadline.clear();
      release();
      socket.pause();
      connections.delete(socket);
      if (pending !== undefined && pending.length > 0) socket.unshift(pending);
      parts = [];
      received = 0;
      fallback.emit('connection', socket);
      socket.resume();
    };

    const onData = (chunk: Buffer): void => {
      const now = Date.now();
      lastActivity = now;
      state.busy = true;
      let pending = chunk;
      if (received > 0) {
        parts.push(chunk);
        received += chunk.length;
        if (received < needed) return hold(received);
        pending = Buffer.concat(parts, received);
        parts = [];
        received = 0;
      }
      try {
        for (;;) {
          const headEnd: number = pending.indexOf(HEAD_END);
          if (headEnd < 0) {
            if (pending.length > MAX_HEAD_BYTES) return handOver(pending);
            needed = 0;
            break;
          }
          const headText = pending.toString('latin1', 0, headEnd);
          const head = parseRequestHead(headText);
          if (head === undefined || head.contentLength > maxBodyBytes || closing) return handOver(pending);
          const bodyStart = headEnd + HEAD_END.length;
          const requestEnd = bodyStart + head.contentLength;
          if (pending.length < requestEnd) {
            needed = requestEnd;
            break;
          }
          const body = pending.toString('utf8', bodyStart, requestEnd);
          const raw = rawRequests ? { headText, body: pending.subarray(bodyStart, requestEnd) } : undefined;
          pending = pending.subarray(requestEnd);
          deadline.clear();
          const reply = answer(head, body, raw);
          const requestId = newRequestId();
          // One string, head and body: written straight from it, in one write call.
          socket.write(
            responseHead(reply, requestId, dateHeader(now), head.close ? CLOSE_HEADERS : keepAliveHeaders) + reply.text,
          );
          onAnswered?.(head, reply, requestId);
          if (head.close) {
            socket.off('data', onData);
            socket.end();
            return;
          }
          if (pending.length === 0) {
            needed = 0;
            break;
          }
        }
        hold(pending.length);
        if (pending.length > 0) parts.push(pending);
        received = pending.length;
        state.busy = received > 0;
        if (state.busy) deadline.waiting(needed > 0);
        else deadline.clear();
      } catch {
        socket.destroy();
      }
    };
    const onError = (): void => {
      socket.destroy();
    };

    armIdleTimer(keepAliveTimeoutMs);
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', () => {
      open--;
      deadline.clear();
      release();
      clearTimeout(idleTimer);
      connections.delete(socket);
    });
  });

  return {
    server,
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        closing = true;
        let deadline: NodeJS.Timeout | undefined;
        server.close(() => {
          if (deadline) clearTimeout(deadline);
          // Not listening, it answers with an error; this only stops its timers.
          fallback.close(() => undefined);
          resolve();
        });
        for (const [socket, state] of connections) if (!state.busy) socket.end();
        fallback.closeIdleConnections();
        deadline = setTimeout(() => {
          for (const socket of connections.keys()) socket.destroy();
          fallback.closeAllConnections();
        }, graceMs);
        deadline.unref();
      }),
  };
}

const CLOSE_HEADERS = 'Connection: close\r\n\r\n';

let cachedDate = '';
let cachedDateSecond = -1;

/** The `Date` header Node adds for the time `now`, computed once a second. */
function dateHeader(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== cachedDateSecond) {
    cachedDateSecond = second;
    cachedDate = new Date(now).toUTCString();
  }
  return cachedDate;
}

const statusLines = new Map<number, string>();

function statusLine(statusCode: number): string {
  let line = statusLines.get(statusCode);
  if (line === undefined) {
    line = `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? 'unknown'}\r\n`;
    statusLines.set(statusCode, line);
  }
  return line;
}

/**
 * The head Node's `writeHead` + `end` would write for the answer (DynamoDB's headers as
 * `toWireResponse` sets them, then `Date` and the connection headers), ending with the
 * blank line: the body text follows it on the wire.
 */
export function responseHead(answer: WireAnswer, requestId: string, date: string, connectionHeaders: string): string {
  const contentType = answer.contentType ? `Content-Type: ${answer.contentType}\r\n` : '';
  return (
    `${statusLine(answer.statusCode)}x-amzn-RequestId: ${requestId}\r\n` +
    `x-amz-crc32: ${crc32OfText(answer.text)}\r\nContent-Length: ${Buffer.byteLength(answer.text, 'utf8')}\r\n` +
    `${contentType}Date: ${date}\r\n${connectionHeaders}`
  );
}
