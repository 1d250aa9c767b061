import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import type { EngineLike } from '../engine-like.js';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits.js';
import { createLeanHttpServer } from './http-front-end.js';
import { acceptsGzip, decodeRequestBody, gzipResponse, undecodableBodyResponse } from './content-encoding.js';
import { hostAllowList, hostNotAllowedBody } from './host-allow-list.js';
import { headerFields } from './http-request-head.js';
import { ServerLog, type ServerLogOptions } from './server-log.js';
import { SignatureVerifier } from './signature-v4.js';
import {
  answerWireRequest,
  dispatchWireRequest,
  JSON_CONTENT_TYPE,
  MAX_REQUEST_BYTES,
  toWireResponse,
  payloadTooLargeResponse,
  type WireResponse,
} from '../wire-protocol.js';

/** How long `close()` lets requests in flight finish before dropping their connections. */
const CLOSE_GRACE_MS = 2_000;
const KEEP_ALIVE_TIMEOUT_MS = 60_000;

export interface ListenOptions {
  /** Port to listen on; 0 picks a free one. Default 8000. */
  readonly port?: number;
  /** Interface to bind. Default `127.0.0.1`: the engine accepts any credentials, so stay local unless told. */
  readonly host?: string;
  readonly region?: string;
  /** Timeouts and caps for slow or stalled clients; each omitted one keeps its default. */
  readonly limits?: Partial<ConnectionLimits>;
  /** Idle keep-alive connections end after this long. Default 60 s. */
  readonly keepAliveTimeoutMs?: number;
  /**
   * Serve only requests signed (AWS SigV4, scoped to `region` and `dynamodb`) with one of
   * these access keys, answering others as DynamoDB does (`UnrecognizedClientException`,
   * `InvalidSignatureException`, …; see server/signature-v4.ts). Off by default: any
   * credentials are accepted.
   *
   * @example
   * await startServer({ port: 0, requireSignature: { credentials: { AKIDTEAM: 'team-secret' } } });
   */
  readonly requireSignature?: {
    /** Secret access key by access key id. */
    readonly credentials: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
  };
  /**
   * What the server writes to standard error (or `log.write`): every internal error (an
   * `InternalServerError` answer) with its request id and stack, always; with
   * `requests: true`, one line per request (operation, table, status, ms, request id).
   *
   * @example
   * await startServer({ port: 0, log: { requests: true } });
   */
  readonly log?: ServerLogOptions;
}

export interface ServingEngine {
  /** `http://host:port`, ready for `new DynamoDBClient({ endpoint })`. */
  readonly endpoint: string;
  readonly port: number;
  /** The listening server (the lean HTTP front, see `createLeanHttpServer`). */
  readonly server: Server;
  readonly engine: EngineLike;
  /** Stops accepting connections, lets requests in flight finish, ends idle keep-alive connections. */
  close(): Promise<void>;
}

/** Serves an engine over DynamoDB's JSON protocol; `startServer` is the public entry that also opens one. */
export async function serveEngine(engine: EngineLike, options: ListenOptions = {}): Promise<ServingEngine> {
  const region = options.region ?? 'us-east-1';
  const host = options.host ?? '127.0.0.1';
  // What the health line (`GET /`) names: the address and port listened on, known once listening.
  let listeningAt: string | undefined;
  const allowHost = hostAllowList(host);
  const limits: ConnectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
  const keepAliveTimeoutMs = options.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS;
  const verifier = signatureVerifier(options.requireSignature, region);
  const log = new ServerLog(engine, options.log);
  // Node's HTTP server answers every request outside the ordinary shape the lean front reads,
  // under the same head and whole-request deadlines (it answers 408 for the latter).
  const fallback = createServer(
    {
      keepAliveTimeout: keepAliveTimeoutMs,
      headersTimeout: limits.headerTimeoutMs,
      requestTimeout: limits.headerTimeoutMs + limits.bodyTimeoutMs,
      // Node looks for overdue requests on this interval (30 s by default), so a stalled
      // chunked body would outlive its timeouts by up to that much.
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(30_000, Math.min(limits.headerTimeoutMs, limits.bodyTimeoutMs) / 4),
      ),
    },
    (request, response) => {
      const hostHeader = request.headers.host;
      if (allowHost?.(hostHeader) === false) {
        return send(
          response,
          toWireResponse({
            statusCode: 400,
            contentType: JSON_CONTENT_TYPE,
            text: hostNotAllowedBody(hostHeader ?? ''),
          }),
        );
      }
      handleRequest(log, region, request, response, listeningAt, verifier);
    },
  );
  // A client that sends garbage or hangs up mid-request must not take the server down.
  fallback.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return void socket.destroy();
    // An overdue request gets the 408 the lean front end answers; anything else is malformed.
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      socket.end('HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    else socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  const lean = createLeanHttpServer({
    fallback,
    keepAliveTimeoutMs,
    maxBodyBytes: MAX_REQUEST_BYTES,
    limits,
    rawRequests: verifier !== undefined,
    onAnswered: (head, reply, requestId) => log.end(reply.statusCode, requestId, head.target),
    answer: (head, body, raw) => {
      log.begin();
      return allowHost?.(head.host) === false
        ? { statusCode: 400, contentType: JSON_CONTENT_TYPE, text: hostNotAllowedBody(head.host ?? '') }
        : answerWireRequest(
            log.engine,
            {
              method: 'POST',
              target: head.target,
              contentType: head.contentType,
              authorization: head.authorization,
              queryAuthentication: head.url.includes('X-Amz-Algorithm='),
              body,
              authenticate:
                verifier && raw
                  ? () =>
                      verifier.verify({
                        method: 'POST',
                        url: head.url,
                        rawHeaders: headerFields(raw.headText),
                        body: raw.body,
                      })
                  : undefined,
            },
            region,
          );
    },
  });
  const server = lean.server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8000, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  listeningAt = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  // The address really bound (0.0.0.0 and :: are every interface, shown as they are).
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    endpoint: `http://${shownHost}:${port}`,
    port,
    server,
    engine,
    // Requests in flight get a grace period to finish; then every connection goes.
    close: () => (closing ??= lean.close(CLOSE_GRACE_MS)),
  };
}

function signatureVerifier(required: ListenOptions['requireSignature'], region: string): SignatureVerifier | undefined {
  if (required === undefined) return undefined;
  const credentials =
    required.credentials instanceof Map ? required.credentials : new Map(Object.entries(required.credentials));
  if (credentials.size === 0) throw new Error('requireSignature needs at least one access key');
  return new SignatureVerifier({ credentials, region });
}

function handleRequest(
  log: ServerLog,
  region: string,
  request: IncomingMessage,
  response: ServerResponse,
  listeningAt: string | undefined,
  verifier: SignatureVerifier | undefined,
): void {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_REQUEST_BYTES) return rejectOversized(request, response);

  const chunks: Buffer[] = [];
  let received = 0;
  let rejected = false;
  request.on('data', (chunk: Buffer) => {
    if (rejected) return;
    received += chunk.length;
    // Chunked uploads carry no length: count while reading, never buffer past the limit.
    if (received > MAX_REQUEST_BYTES) {
      rejected = true;
      chunks.length = 0;
      rejectOversized(request, response);
      return;
    }
    chunks.push(chunk);
  });
  request.on('error', () => response.destroy());
  request.on('end', () => {
    if (rejected) return;
    const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    const decoded = decodeRequestBody(raw, header(request, 'content-encoding'));
    if (decoded === undefined) return send(response, undecodableBodyResponse());
    const body = decoded.toString('utf8');
    const url = request.url ?? '/';
    log.begin();
    const answer = dispatchWireRequest(
      log.engine,
      {
        method: request.method ?? 'GET',
        target: header(request, 'x-amz-target'),
        contentType: header(request, 'content-type'),
        authorization: header(request, 'authorization'),
        queryAuthentication: url.includes('X-Amz-Algorithm='),
        body,
        // The signature covers the bytes sent, before any Content-Encoding is undone.
        authenticate: verifier
          ? () => verifier.verify({ method: request.method ?? 'POST', url, rawHeaders: request.rawHeaders, body: raw })
          : undefined,
      },
      region,
      listeningAt,
    );
    send(response, acceptsGzip(header(request, 'accept-encoding')) ? gzipResponse(answer) : answer);
    log.end(answer.statusCode, answer.headers['x-amzn-RequestId'], header(request, 'x-amz-target'));
  });
}

function rejectOversized(request: IncomingMessage, response: ServerResponse): void {
  // Answer at once and close: reading on would mean receiving the rest of the body.
  response.setHeader('Connection', 'close');
  send(response, payloadTooLargeResponse());
  request.unpipe();
  response.on('finish', () => request.socket.destroySoon?.());
}

function send(response: ServerResponse, answer: WireResponse): void {
  if (response.headersSent) return;
  response.writeHead(answer.statusCode, answer.headers);
  response.end(answer.body);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
