import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostAllowList } from '../local/server/host-allow-list.js';
import {
  answerGet,
  answerPost,
  ConsoleRequestError,
  problemPage,
  readForm,
  type RouteAnswer,
} from './console-routes.js';
import { ConsoleSession, type ConsoleOptions } from './console-session.js';
import { TableNotFoundError } from './table-keys.js';

/** Where and how the console listens. */
export interface StartConsoleOptions extends ConsoleOptions {
  /** Default 8001; 0 takes any free port. */
  readonly port?: number;
  /** Default `127.0.0.1`: off loopback, anyone who reaches the port sees the data. */
  readonly host?: string;
}

/** A console that is listening. */
export interface RunningConsole {
  /** `http://127.0.0.1:8001` */
  readonly url: string;
  readonly session: ConsoleSession;
  close(): Promise<void>;
}

// The pages carry their own styles and scripts inline and load nothing from elsewhere; the policy
// keeps it so (no other origin for scripts, styles, frames or form posts).
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/**
 * Serves the console: server-rendered pages over the given client and model, with the same
 * `Host` allow-list as `monotable serve` on loopback and a CSRF token on every write.
 *
 * @example
 * const console = await startConsole({ client: createLocalClient({ inMemory: true }), model, allowWrites: true, source: 'in memory', port: 0 });
 * console.url; // 'http://127.0.0.1:40123'
 * await console.close();
 */
export async function startConsole(options: StartConsoleOptions): Promise<RunningConsole> {
  const session = new ConsoleSession(options);
  const host = options.host ?? '127.0.0.1';
  const allowed = hostAllowList(host);
  const server: Server = createServer((request, response) => {
    if (allowed && !allowed(request.headers.host)) {
      send(
        response,
        403,
        `Host '${request.headers.host ?? ''}' is not allowed: a console bound to loopback answers only localhost, 127.0.0.1, [::1] and its bound name (this refuses DNS rebinding).`,
        'text/plain',
      );
      return;
    }
    handle(session, request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent)
        send(
          response,
          500,
          problemPage(session, 'Error', 'The console failed to answer; the details are in its terminal.').text,
        );
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8001, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    session,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function handle(session: ConsoleSession, request: IncomingMessage, response: ServerResponse): Promise<void> {
  // The server's own time for the answer, in the standard Server-Timing header (shown by the
  // browser's developer tools; bench/console.ts reads it).
  const started = performance.now();
  const timing = (): Record<string, string> => ({
    'server-timing': `render;dur=${(performance.now() - started).toFixed(1)}`,
  });
  const url = new URL(request.url ?? '/', 'http://console.invalid');
  let answer: RouteAnswer;
  try {
    if (request.method === 'GET' || request.method === 'HEAD') answer = await answerGet(session, url, response);
    else if (request.method === 'POST') answer = await answerPost(session, url, await readForm(request));
    else throw new ConsoleRequestError(405, `Method ${request.method ?? ''} is not served.`);
  } catch (error) {
    const known = knownProblem(error);
    if (!known) throw error;
    send(response, known.status, problemPage(session, known.title, known.text).text, 'text/html', timing());
    return;
  }
  if (answer === 'sent') return;
  if ('redirect' in answer) {
    response.writeHead(303, { location: answer.redirect, ...SECURITY_HEADERS, ...timing() });
    response.end();
    return;
  }
  send(response, answer.status ?? 200, answer.body.text, 'text/html', timing());
}

/** Errors a user causes or meets (a missing table, an endpoint that refuses): a page, not a stack. */
function knownProblem(error: unknown): { status: number; title: string; text: string } | undefined {
  if (error instanceof ConsoleRequestError) return { status: error.status, title: 'Refused', text: error.message };
  if (error instanceof TableNotFoundError)
    return { status: 404, title: 'No such table', text: `Table ${error.tableName} does not exist.` };
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ECONNRESET')
    return {
      status: 502,
      title: 'Endpoint unreachable',
      text: `The endpoint refuses the connection (${code}): is it running? ${(error as Error).message}`,
    };
  const fault = (error as { $fault?: string }).$fault;
  if (fault !== undefined)
    return { status: 502, title: 'DynamoDB refused', text: `${(error as Error).name}: ${(error as Error).message}` };
  return undefined;
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  type = 'text/html',
  extraHeaders: Readonly<Record<string, string>> = {},
): void {
  response.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    ...SECURITY_HEADERS,
    ...extraHeaders,
  });
  response.end(body);
}
