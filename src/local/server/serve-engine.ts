import type { AddressInfo, Server } from 'node:net';
import type { EngineLike } from '../engine-like.js';
import { answerWireRequest } from '../wire-protocol.js';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits.js';
import { hostAllowList } from './host-allow-list.js';
import { createHttpFrontEnd } from './http-front-end.js';
import { ServerLog, type ServerLogOptions } from './server-log.js';
import { SignatureVerifier } from './signature-v4.js';

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
  /** The listening server (Node's HTTP server, see `createHttpFrontEnd`). */
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
  const verifier = signatureVerifier(options.requireSignature, region);
  const log = new ServerLog(engine, options.log);
  const front = createHttpFrontEnd({
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS,
    limits: { ...DEFAULT_CONNECTION_LIMITS, ...options.limits },
    allowHost: hostAllowList(host),
    onRequest: () => log.begin(),
    onAnswered: (target, response) => log.end(response.statusCode, response.headers['x-amzn-RequestId'], target),
    answer: (request) =>
      answerWireRequest(
        log.engine,
        verifier === undefined
          ? request
          : {
              ...request,
              // The signature covers the bytes sent, before any Content-Encoding is undone.
              authenticate: () =>
                verifier.verify({
                  method: request.method,
                  url: request.url,
                  rawHeaders: request.rawHeaders,
                  body: request.bytes,
                }),
            },
        region,
        listeningAt,
      ),
  });
  const server = front.server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8000, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  // The address really bound (0.0.0.0 and :: are every interface, shown as they are).
  const shownHost = host.includes(':') ? `[${host}]` : host;
  listeningAt = `${shownHost}:${port}`;
  return {
    endpoint: `http://${shownHost}:${port}`,
    port,
    server,
    engine,
    // Requests in flight get a grace period to finish; then every connection goes.
    close: () => front.close(CLOSE_GRACE_MS),
  };
}

function signatureVerifier(required: ListenOptions['requireSignature'], region: string): SignatureVerifier | undefined {
  if (required === undefined) return undefined;
  const credentials =
    required.credentials instanceof Map ? required.credentials : new Map(Object.entries(required.credentials));
  if (credentials.size === 0) throw new Error('requireSignature needs at least one access key');
  return new SignatureVerifier({ credentials, region });
}
