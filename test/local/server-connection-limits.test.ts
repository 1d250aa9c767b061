import { connect, type Socket } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/local/server/start-server.js';

const BODY_BYTES = 15 * 1024 * 1024;

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with how long the server took to close the socket. */
function closedAfter(socket: Socket, started: number): Promise<number> {
  return new Promise((resolve) => {
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(Date.now() - started));
  });
}

describe('connection limits on the HTTP front end', () => {
  let server: RunningServer;
  let client: DynamoDBClient;

  beforeAll(async () => {
    server = await startServer({
      port: 0,
      limits: { headerTimeoutMs: 800, bodyTimeoutMs: 1_200, maxBufferedBytes: 64 * 1024 * 1024 },
    });
    client = new DynamoDBClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });

  afterAll(async () => {
    client.destroy();
    await server.close();
  });

  it('closes 200 slow-header connections at the header timeout while a well-behaved client is served', async () => {
    const started = Date.now();
    const sockets = await Promise.all(Array.from({ length: 200 }, () => open(server.port)));
    const closes = sockets.map((socket) => closedAfter(socket, started));
    const trickle = setInterval(() => {
      for (const socket of sockets) if (!socket.destroyed) socket.write('X');
    }, 100);
    for (const socket of sockets) socket.write('POST / HTTP/1.1\r\nHost: localhost\r\n');
    try {
      for (let round = 0; round < 5; round++) {
        await expect(client.send(new ListTablesCommand({}))).resolves.toMatchObject({ TableNames: [] });
      }
      const times = await Promise.all(closes);
      expect(Math.max(...times)).toBeLessThan(3_000);
      expect(Math.min(...times)).toBeGreaterThanOrEqual(700);
    } finally {
      clearInterval(trickle);
    }
  }, 20_000);

  it('answers 408 to stalled 15 MB bodies and bounds the bytes it holds for them', async () => {
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const sockets = await Promise.all(Array.from({ length: 20 }, () => open(server.port)));
    const answers = sockets.map((socket) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      return closedAfter(socket, started).then(() => text);
    });
    const half = Buffer.alloc(BODY_BYTES / 2, 0x20);
    for (const socket of sockets) {
      socket.write(
        `POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n` +
          `X-Amz-Target: DynamoDB_20120810.ListTables\r\nAuthorization: x\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`,
      );
      socket.write(half);
    }
    await expect(client.send(new ListTablesCommand({}))).resolves.toMatchObject({ TableNames: [] });
    const texts = await Promise.all(answers);
    // Each hit the body timeout: over the buffer cap a connection stops being read, not cut.
    for (const text of texts) expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(6_000);
    // 20 half bodies are 150 MB; the cap holds the server to 64 MB of them.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
    await expect(client.send(new ListTablesCommand({}))).resolves.toMatchObject({ TableNames: [] });
  }, 30_000);

  it('makes an honest upload over the buffer cap wait, then reads it once bytes are released, and serves whole requests meanwhile', async () => {
    // A 1 MB cap: the stalled bodies below are over it within their first chunks.
    const capped = await startServer({ port: 0, limits: { bodyTimeoutMs: 10_000, maxBufferedBytes: 1024 * 1024 } });
    const sdk = new DynamoDBClient({
      endpoint: capped.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      const head = (length: number): string =>
        `POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n` +
        `X-Amz-Target: DynamoDB_20120810.ListTables\r\nAuthorization: x\r\nContent-Length: ${length}\r\n\r\n`;
      const stalled = await Promise.all(Array.from({ length: 3 }, () => open(capped.port)));
      for (const socket of stalled) {
        socket.on('error', () => undefined);
        socket.resume();
        socket.write(head(BODY_BYTES));
        socket.write(Buffer.alloc(BODY_BYTES / 2, 0x20));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      // 12 MB of JSON whitespace around an empty ListTables input: a valid request.
      const body = `{${' '.repeat(12 * 1024 * 1024)}}`;
      const honest = await open(capped.port);
      let answer = '';
      honest.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      const answered = new Promise<void>((resolve) =>
        honest.on('data', () => answer.includes('TableNames') && resolve()),
      );
      honest.write(head(body.length) + body);
      await new Promise((resolve) => setTimeout(resolve, 700));
      // A client whose requests arrive whole holds nothing between them, so it is not made to
      // wait; two calls, since a connection paused after writing its first answer would hang on its second.
      for (let call = 0; call < 2; call++) {
        await expect(sdk.send(new ListTablesCommand({}))).resolves.toMatchObject({ TableNames: [] });
      }
      expect(answer).toBe('');
      expect(honest.destroyed).toBe(false);
      for (const socket of stalled) socket.destroy();
      await answered;
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      honest.destroy();
    } finally {
      sdk.destroy();
      await capped.close();
    }
  }, 30_000);

  it('answers concurrent uploads that together exceed the buffer cap, none waiting for ever', async () => {
    const capped = await startServer({ port: 0, limits: { bodyTimeoutMs: 10_000, maxBufferedBytes: 1024 * 1024 } });
    try {
      const body = `{${' '.repeat(3 * 1024 * 1024)}}`;
      const request =
        `POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n` +
        `Authorization: x\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
      const sockets = await Promise.all(Array.from({ length: 4 }, () => open(capped.port)));
      const answers = sockets.map((socket) => {
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.write(request);
        return closedAfter(socket, Date.now()).then(() => text);
      });
      for (const text of await Promise.all(answers)) expect(text).toMatch(/^HTTP\/1\.1 200 [\s\S]*"TableNames"/);
    } finally {
      await capped.close();
    }
  }, 30_000);

  it("answers 408 to a stalled chunked body (served by Node's HTTP server) within its timeouts, not at Node's 30 s check", async () => {
    const started = Date.now();
    const socket = await open(server.port);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    const closed = closedAfter(socket, started);
    socket.write(
      'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n' +
        'Authorization: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{    \r\n',
    );
    // Header 800 ms + body 1,200 ms: Node's whole-request deadline is 2 s.
    expect(await closed).toBeLessThan(4_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000);
});
