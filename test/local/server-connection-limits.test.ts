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
    // Each either hit the body timeout (408) or was closed for going over the buffer cap.
    for (const text of texts) expect(text === '' || text.startsWith('HTTP/1.1 408 ')).toBe(true);
    expect(texts.some((text) => text.startsWith('HTTP/1.1 408 '))).toBe(true);
    expect(Date.now() - started).toBeLessThan(6_000);
    // 20 half bodies are 150 MB; the cap holds the server to 64 MB of them.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
    await expect(client.send(new ListTablesCommand({}))).resolves.toMatchObject({ TableNames: [] });
  }, 30_000);
});
