import { STATUS_CODES, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { MAX_HEAD_BYTES, parseRequestHead, type RequestHead } from './http-request-head.js';
import type { WireResponse } from './wire-protocol.js';

/**
 * A minimal HTTP/1.1 keep-alive server for DynamoDB's POST requests, in front of Node's
 * HTTP server. Node's `http` module costs about 0.1 ms of CPU per request, as much as the
 * engine's whole GetItem; reading the ordinary request shape off the socket and writing
 * the answer in one buffer costs a fraction of that. A connection whose request is not
 * the ordinary shape (see `parseRequestHead`) is handed, with the bytes read so far, to
 * `fallback`, a Node HTTP server that never listens itself and serves that connection
 * from then on, so every unusual request is answered as Node answers it.
 */
export interface LeanHttpServer {
  readonly server: Server;
  /** Ends idle connections now and the others after `graceMs`; resolves once all are closed. */
  close(graceMs: number): Promise<void>;
}

export type LeanRequest = RequestHead & { readonly body: string };

const HEAD_END = Buffer.from('\r\n\r\n');

export function createLeanHttpServer(options: {
  readonly answer: (request: LeanRequest) => WireResponse;
  readonly fallback: HttpServer;
  readonly keepAliveTimeoutMs: number;
  /** Largest body read here; a larger declared one goes to `fallback`, which refuses it. */
  readonly maxBodyBytes: number;
}): LeanHttpServer {
  const { answer, fallback, keepAliveTimeoutMs, maxBodyBytes } = options;
  const keepAliveSeconds = Math.floor(keepAliveTimeoutMs / 1000);
  // Node tracks an HTTP server's connections (for closeIdleConnections and its request
  // timeouts) from its 'listening' event on; `fallback` never listens, so it is told.
  fallback.emit('listening');
  /** Connections still served here, and whether a request is partly read on each. */
  const connections = new Map<Socket, { busy: boolean }>();
  let closing = false;

  const server = createServer({ noDelay: true }, (socket) => {
    const state = { busy: false };
    connections.set(socket, state);
    // Bytes received and not yet answered: `parts` are joined only once `needed` bytes are
    // there, so a large body arriving in many chunks is copied once, not once per chunk.
    let parts: Buffer[] = [];
    let received = 0;
    let needed = 0;

    const handOver = (): void => {
      socket.off('data', onData);
      socket.off('timeout', onTimeout);
      socket.off('error', onError);
      socket.setTimeout(0);
      socket.pause();
      connections.delete(socket);
      if (received > 0) socket.unshift(parts.length === 1 ? parts[0] : Buffer.concat(parts));
      parts = [];
      received = 0;
      fallback.emit('connection', socket);
      socket.resume();
    };

    const onData = (chunk: Buffer): void => {
      parts.push(chunk);
      received += chunk.length;
      state.busy = true;
      if (received < needed) return;
      let pending = parts.length === 1 ? parts[0] : Buffer.concat(parts);
      try {
        for (;;) {
          const headEnd: number = pending.indexOf(HEAD_END);
          if (headEnd < 0) {
            if (pending.length > MAX_HEAD_BYTES) {
              parts = [pending];
              return handOver();
            }
            needed = 0;
            break;
          }
          const head = parseRequestHead(pending.toString('latin1', 0, headEnd));
          if (head === undefined || head.contentLength > maxBodyBytes || closing) {
            parts = [pending];
            return handOver();
          }
          const requestEnd: number = headEnd + HEAD_END.length + head.contentLength;
          if (pending.length < requestEnd) {
            needed = requestEnd;
            break;
          }
          const body = pending.toString('utf8', headEnd + HEAD_END.length, requestEnd);
          pending = pending.subarray(requestEnd);
          socket.write(responseBytes(answer({ ...head, body }), head.close, keepAliveSeconds));
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
        parts = pending.length > 0 ? [pending] : [];
        received = pending.length;
        state.busy = received > 0;
      } catch {
        socket.destroy();
      }
    };
    const onTimeout = (): void => {
      // Idle keep-alive connections end quietly, as Node's `keepAliveTimeout` ends them.
      if (state.busy) socket.destroy();
      else socket.end();
    };
    const onError = (): void => {
      socket.destroy();
    };

    socket.setTimeout(keepAliveTimeoutMs);
    socket.on('data', onData);
    socket.on('timeout', onTimeout);
    socket.on('error', onError);
    socket.on('close', () => connections.delete(socket));
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

let cachedDate = '';
let cachedDateSecond = -1;

/** The `Date` header Node adds, computed once a second. */
function dateHeader(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== cachedDateSecond) {
    cachedDateSecond = second;
    cachedDate = new Date(now).toUTCString();
  }
  return cachedDate;
}

/** The answer as Node's `writeHead` + `end` would put it on the wire, in one buffer. */
function responseBytes(response: WireResponse, close: boolean, keepAliveSeconds: number): Buffer {
  let head = `HTTP/1.1 ${response.statusCode} ${STATUS_CODES[response.statusCode] ?? 'unknown'}\r\n`;
  for (const name in response.headers) head += `${name}: ${response.headers[name]}\r\n`;
  head += `Date: ${dateHeader()}\r\n`;
  head += close ? 'Connection: close\r\n\r\n' : `Connection: keep-alive\r\nKeep-Alive: timeout=${keepAliveSeconds}\r\n\r\n`;
  const headLength = Buffer.byteLength(head, 'latin1');
  const bytes = Buffer.allocUnsafe(headLength + response.body.length);
  bytes.write(head, 0, 'latin1');
  response.body.copy(bytes, headLength);
  return bytes;
}
