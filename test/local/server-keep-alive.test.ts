import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTION_LIMITS } from '../../src/local/server/connection-limits.js';
import { createHttpFrontEnd, type HttpFrontEnd } from '../../src/local/server/http-front-end.js';

/**
 * The front end's keep-alive timeout: idle connections end, activity defers it; a half-read
 * request ends at its deadlines instead (the head's and the body's, each as long here).
 */
const KEEP_ALIVE_MS = 300;

let lean: HttpFrontEnd;
let port: number;
beforeAll(async () => {
  lean = createHttpFrontEnd({
    keepAliveTimeoutMs: KEEP_ALIVE_MS,
    limits: { ...DEFAULT_CONNECTION_LIMITS, headerTimeoutMs: KEEP_ALIVE_MS, bodyTimeoutMs: KEEP_ALIVE_MS },
    answer: ({ body }) => ({
      statusCode: 200,
      contentType: 'application/json',
      text: `{"echo":${JSON.stringify(body)}}`,
    }),
  });
  await new Promise<void>((resolve) => lean.server.listen(0, '127.0.0.1', resolve));
  port = (lean.server.address() as AddressInfo).port;
});
afterAll(() => lean.close(100));

const REQUEST = 'POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\n\r\n{}';

interface Watched {
  readonly socket: Socket;
  readonly received: () => string;
  /** Resolves once the server ended the connection, with when, in ms after `watch` was called. */
  readonly ended: Promise<{ afterMs: number }>;
}

async function watch(): Promise<Watched> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const start = performance.now();
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  const ended = new Promise<{ afterMs: number }>((resolve) => {
    const done = () => resolve({ afterMs: performance.now() - start });
    socket.once('end', done);
    socket.once('error', done);
    socket.once('close', done);
  });
  return { socket, received: () => text, ended };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('HTTP front end keep-alive timeout', () => {
  it('ends an idle connection after the timeout, having answered', async () => {
    const watched = await watch();
    watched.socket.write(REQUEST);
    const ended = await watched.ended;
    expect(ended.afterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 20);
    expect(watched.received()).toContain('{"echo":"{}"}');
    watched.socket.destroy();
  });

  it('counts each request as activity', async () => {
    const watched = await watch();
    for (let round = 0; round < 4; round++) {
      watched.socket.write(REQUEST);
      await sleep(KEEP_ALIVE_MS / 2);
    }
    const ended = await watched.ended;
    // Four requests spaced half a timeout apart: still open after the second timeout.
    expect(ended.afterMs).toBeGreaterThanOrEqual(2 * KEEP_ALIVE_MS);
    expect(watched.received().match(/HTTP\/1\.1 200 OK/g)).toHaveLength(4);
    watched.socket.destroy();
  });

  it('drops a connection left in the middle of a request head, answering nothing', async () => {
    const watched = await watch();
    watched.socket.write('POST / HTTP/1.1\r\ncontent-length: 10\r\n');
    const ended = await watched.ended;
    expect(ended.afterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 20);
    expect(watched.received()).toBe('');
  });

  it('answers 408 and closes a connection left in the middle of a request body, at the whole-request deadline', async () => {
    const watched = await watch();
    watched.socket.write('POST / HTTP/1.1\r\ncontent-length: 10\r\n\r\n{"a"');
    const ended = await watched.ended;
    // The head's deadline plus the body's: a request must be whole within both of its first byte.
    expect(ended.afterMs).toBeGreaterThanOrEqual(2 * KEEP_ALIVE_MS - 20);
    expect(watched.received()).toMatch(/^HTTP\/1\.1 408 /);
  });
});
