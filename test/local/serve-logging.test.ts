import { gzipSync } from 'node:zlib';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { sendRequest, startServeProcess } from './support/serve-process.js';

const directory = mkdtempSync(join(tmpdir(), 'monotable-serve-log-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const table = {
  TableName: 'app',
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
  BillingMode: 'PAY_PER_REQUEST',
};

/** A monotable file whose item pages are overwritten, its schema and catalog intact: it opens, then fails when read. */
function halfDamagedFile(): string {
  const path = join(directory, 'half-damaged.sqlite');
  const engine = new Engine({ path, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', table);
  for (let i = 0; i < 2_000; i++)
    engine.handle('PutItem', { TableName: 'app', Item: { pk: { S: `item-${i}` }, v: { S: 'x'.repeat(200) } } });
  engine.close();
  const bytes = readFileSync(path);
  bytes.fill(0x41, 4096 * 40, 4096 * 50);
  writeFileSync(path, bytes);
  return path;
}

describe('monotable serve logging', () => {
  it('logs an internal error to standard error with the request id it answered and the stack', async () => {
    const path = halfDamagedFile();
    const server = await startServeProcess(['--db', path]);
    try {
      const answer = await sendRequest(server.endpoint, 'Scan', { TableName: 'app' });
      expect(answer.status).toBe(500);
      expect(answer.body.__type).toBe('com.amazonaws.dynamodb.v20120810#InternalServerError');
      expect(answer.body.message).toContain(`${path} is damaged`);
      expect(answer.requestId).toMatch(/^[A-Z0-9]{52}$/);
      const log = await server.stderrWhen((text) => text.includes(answer.requestId));
      const line = log.split('\n').find((candidate) => candidate.includes(answer.requestId));
      expect(line).toBe(
        `monotable: internal error answering Scan on app (HTTP 500, request id ${answer.requestId}): ` +
          `InternalServerError: ${answer.body.message}`,
      );
      // The stack of the failure itself (the file's error, then SQLite's), not of the answer wrapping it.
      expect(log).toContain('SqliteFileError: ');
      expect(log).toMatch(/caused by: SqliteError: database disk image is malformed\n\s+at /);
    } finally {
      await server.stop();
    }
  });

  it('--log requests writes one line per request: operation, table, status, time in ms, request id', async () => {
    const server = await startServeProcess(['--in-memory', '--log', 'requests']);
    try {
      const created = await sendRequest(server.endpoint, 'CreateTable', table);
      const put = await sendRequest(server.endpoint, 'PutItem', { TableName: 'app', Item: { pk: { S: 'a' } } });
      const missing = await sendRequest(server.endpoint, 'GetItem', { TableName: 'nope', Key: { pk: { S: 'a' } } });
      const batch = await sendRequest(server.endpoint, 'BatchGetItem', {
        RequestItems: { app: { Keys: [{ pk: { S: 'a' } }] } },
      });
      // A compressed body is read by Node's HTTP server, the other path through the server.
      const compressed = await fetch(server.endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.0',
          'Content-Encoding': 'gzip',
          'X-Amz-Target': 'DynamoDB_20120810.DescribeTable',
          Authorization: 'AWS4-HMAC-SHA256 Credential=local/20240101/us-east-1/dynamodb/aws4_request',
        },
        body: gzipSync(JSON.stringify({ TableName: 'app' })),
      });
      const compressedId = compressed.headers.get('x-amzn-requestid') ?? '';
      expect([created.status, put.status, missing.status, batch.status, compressed.status]).toEqual([
        200, 200, 400, 200, 200,
      ]);
      const log = await server.stderrWhen((text) => text.includes(compressedId));
      const lines = log.trimEnd().split('\n');
      const ms = String.raw`\d+\.\dms`;
      expect(lines).toHaveLength(5);
      expect(lines[0]).toMatch(new RegExp(`^CreateTable app 200 ${ms} ${created.requestId}$`));
      expect(lines[1]).toMatch(new RegExp(`^PutItem app 200 ${ms} ${put.requestId}$`));
      expect(lines[2]).toMatch(new RegExp(`^GetItem nope 400 ${ms} ${missing.requestId}$`));
      expect(lines[3]).toMatch(new RegExp(`^BatchGetItem app 200 ${ms} ${batch.requestId}$`));
      expect(lines[4]).toMatch(new RegExp(`^DescribeTable app 200 ${ms} ${compressedId}$`));
    } finally {
      await server.stop();
    }
  });

  it('writes nothing for ordinary requests without --log', async () => {
    const server = await startServeProcess(['--in-memory']);
    try {
      expect((await sendRequest(server.endpoint, 'CreateTable', table)).status).toBe(200);
      expect(
        (await sendRequest(server.endpoint, 'GetItem', { TableName: 'nope', Key: { pk: { S: 'a' } } })).status,
      ).toBe(400);
    } finally {
      await server.stop();
    }
    expect(server.stderr()).toBe('');
  });
});
