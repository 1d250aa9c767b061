import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  JSON_CONTENT_TYPE,
  MAX_REQUEST_BYTES,
  payloadTooLargeResponse,
  toWireResponse,
  type WireAnswer,
  type WireRequest,
  type WireResponse,
} from '../wire-protocol.js';
import { BufferBudget, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits.js';
import { acceptsGzip, decodeRequestBody, gzipResponse, undecodableBodyResponse } from './content-encoding.js';
import { hostNotAllowedBody } from './host-allow-list.js';

/**
 * The HTTP front end of `monotable serve`: Node's HTTP server, with every request read, checked
 * and answered here. It frames requests (Node's parser), refuses a foreign `Host`, applies the
 * `ConnectionLimits` (head and whole-request deadlines, connection count, buffered bytes with
 * back-pressure) and the keep-alive timeout, undoes a `Content-Encoding`, hands the request to
 * `answer`, and writes the answer with DynamoDB's headers (gzipped for a client that accepts
 * gzip). docs/performance.md says why it is Node's server and not one of its own.
 *
 * @example
 * const front = createHttpFrontEnd({ keepAliveTimeoutMs: 60_000, answer: (request) => answerWireRequest(engine, request, 'us-east-1') });
 * front.server.listen(8000, '127.0.0.1');
 * await front.close(2_000);
 */
export interface HttpFrontEnd {
  readonly server: Server;
  /** Stops listening, ends idle connections now and the others after `graceMs`; resolves once all are closed. */
  close(graceMs: number): Promise<void>;
}

/** One request as read: DynamoDB's view of it (`WireRequest`) and what a signature check reads. */
export interface ReceivedRequest extends Omit<WireRequest, 'authenticate'> {
  readonly url: string;
  /** Header names and values alternating, as sent (Node's `rawHeaders`). */
  readonly rawHeaders: readonly string[];
  /** The body as sent, before any `Content-Encoding` is undone (`body` is its decoded text). */
  readonly bytes: Buffer;
}

export interface HttpFrontEndOptions {
  /** Answers one request whose `Host` is allowed; called synchronously, one request at a time. */
  readonly answer: (request: ReceivedRequest) => WireAnswer;
  readonly keepAliveTimeoutMs: number;
  /** Timeouts and caps for slow or stalled clients. Default `DEFAULT_CONNECTION_LIMITS`. */
  readonly limits?: ConnectionLimits;
  /** Which `Host` values are served (see `hostAllowList`); omitted, every one. */
  readonly allowHost?: (host: string | undefined) => boolean;
  /** A request's head was read; `onAnswered` follows once it is answered (not for a dropped connection). */
  readonly onRequest?: () => void;
  /** An answer was written, with the request's `X-Amz-Target`. */
  readonly onAnswered?: (target: string | undefined, response: WireResponse) => void;
}

const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
const REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';
/** How long a 408 may take to leave before its connection is dropped (the client may still be sending). */
const TIMEOUT_ANSWER_GRACE_MS = 100;

export function createHttpFrontEnd(options: HttpFrontEndOptions): HttpFrontEnd {
  const { answer, allowHost, onRequest, onAnswered } = options;
  const limits = options.limits ?? DEFAULT_CONNECTION_LIMITS;
  const budget = new BufferBudget(limits.maxBufferedBytes);
  /** Connections whose request head was read and whose body is not whole yet. */
  const readingBody = new WeakSet<Socket>();

  const send = (response: ServerResponse, reply: WireResponse, target: string | undefined): void => {
    if (response.headersSent) return;
    response.writeHead(reply.statusCode, reply.headers);
    response.end(reply.body);
    onAnswered?.(target, reply);
  };

  const receive = (request: IncomingMessage, response: ServerResponse): void => {
    onRequest?.();
    const target = header(request, 'x-amz-target');
    const host = request.headers.host;
    if (allowHost?.(host) === false) {
      request.resume();
      const refusal = { statusCode: 400, contentType: JSON_CONTENT_TYPE, text: hostNotAllowedBody(host ?? '') };
      return send(response, toWireResponse(refusal), target);
    }
    if (Number(request.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) return rejectOversized(request, response);
    const socket = request.socket;
    readingBody.add(socket);
    const declaredLength = Number(request.headers['content-length']);
    const chunks: Buffer[] = [];
    let received = 0;
    /** Bytes of this request counted in `budget`. */
    let held = 0;
    let reading = true;
    const resumeReading = (): void => void request.resume();
    const release = (): void => {
      if (!reading) return;
      reading = false;
      readingBody.delete(socket);
      if (held > 0) budget.leave(resumeReading, held);
      held = 0;
    };
    request.on('data', (chunk: Buffer) => {
      if (received > MAX_REQUEST_BYTES) return;
      received += chunk.length;
      // A chunked body carries no length: counted while read, never buffered past the limit.
      if (received > MAX_REQUEST_BYTES) {
        chunks.length = 0;
        release();
        return rejectOversized(request, response);
      }
      chunks.push(chunk);
      // A body that comes whole in one chunk is answered at once: it holds nothing and never waits.
      if (request.complete || (held === 0 && received === declaredLength)) return;
      const before = held;
      held = received;
      if (!budget.hold(resumeReading, before, held)) request.pause();
    });
    request.on('error', () => response.destroy());
    request.on('close', release);
    request.on('end', () => {
      release();
      if (received > MAX_REQUEST_BYTES) return;
      const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
      const contentEncoding = header(request, 'content-encoding');
      const decoded = contentEncoding === undefined ? bytes : decodeRequestBody(bytes, contentEncoding);
      if (decoded === undefined) return send(response, undecodableBodyResponse(), target);
      let reply: WireResponse;
      try {
        reply = toWireResponse(
          answer({
            method: request.method ?? 'GET',
            url: request.url ?? '/',
            target,
            contentType: header(request, 'content-type'),
            authorization: header(request, 'authorization'),
            queryAuthentication: request.url?.includes('X-Amz-Algorithm=') === true,
            body: decoded.toString('utf8'),
            rawHeaders: request.rawHeaders,
            bytes,
          }),
        );
      } catch {
        // `answer` turns every engine failure into DynamoDB's answer: this is a defect, and the
        // connection goes rather than the process.
        return void socket.destroy();
      }
      const acceptEncoding = header(request, 'accept-encoding');
      send(response, acceptEncoding !== undefined && acceptsGzip(acceptEncoding) ? gzipResponse(reply) : reply, target);
    });
  };

  const rejectOversized = (request: IncomingMessage, response: ServerResponse): void => {
    // Answered at once, then the connection goes: reading on would mean receiving the rest of the body.
    response.setHeader('Connection', 'close');
    send(response, payloadTooLargeResponse(), header(request, 'x-amz-target'));
    response.on('finish', () => request.socket.destroySoon());
  };

  const server = createServer(
    {
      keepAliveTimeout: options.keepAliveTimeoutMs,
      headersTimeout: limits.headerTimeoutMs,
      requestTimeout: limits.headerTimeoutMs + limits.bodyTimeoutMs,
      // Node looks for overdue requests on this interval (30 s by default), so a stalled body
      // would outlive its deadline by up to that much.
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(30_000, Math.min(limits.headerTimeoutMs, limits.bodyTimeoutMs) / 4),
      ),
      // Raw tools that send no `Host` are served (the Host check above allows a missing one).
      requireHostHeader: false,
    },
    receive,
  );
  server.maxConnections = limits.maxConnections;
  // A client that sends garbage, stalls or hangs up mid-request must not take the server down.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return void socket.destroy();
    if (error.code !== 'ERR_HTTP_REQUEST_TIMEOUT') return void socket.end(BAD_REQUEST);
    // An overdue head gets a plain close (nothing is known of the request); an overdue body a 408.
    if (!readingBody.has(socket)) return void socket.destroy();
    socket.end(REQUEST_TIMEOUT);
    setTimeout(() => socket.destroy(), TIMEOUT_ANSWER_GRACE_MS).unref();
  });

  let closing: Promise<void> | undefined;
  return {
    server,
    close: (graceMs) =>
      (closing ??= new Promise<void>((resolve) => {
        const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
        deadline.unref();
        server.close(() => {
          clearTimeout(deadline);
          resolve();
        });
        server.closeIdleConnections();
      })),
  };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
