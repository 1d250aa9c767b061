import { request } from 'node:http';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostAllowList } from '../../src/local/server/host-allow-list.js';
import { startServer, type RunningServer } from '../../src/local/server/start-server.js';

function post(
  port: number,
  host: string,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/',
        headers: {
          Host: host,
          'Content-Type': 'application/x-amz-json-1.0',
          'X-Amz-Target': 'DynamoDB_20120810.ListTables',
          Authorization:
            'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
          ...extraHeaders,
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end('{}');
  });
}

describe('Host allow-list on a loopback bind', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('refuses a DNS-rebinding Host with AccessDeniedException', async () => {
    const answer = await post(server.port, 'attacker.example:8000');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ __type: 'com.amazonaws.dynamodb.v20120810#AccessDeniedException' });
  });

  it('refuses it on the requests Node parses too (chunked body)', async () => {
    const answer = await post(server.port, 'attacker.example', { 'Transfer-Encoding': 'chunked' });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('AccessDeniedException');
  });

  it.each(['localhost', 'localhost:1234', '127.0.0.1:9', '[::1]:8000', 'LOCALHOST'])('serves Host %s', async (host) => {
    const answer = await post(server.port, host);
    expect(answer.status).toBe(200);
  });

  it('serves the SDK', async () => {
    const client = new DynamoDBClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await expect(client.send(new ListTablesCommand({}))).resolves.toMatchObject({ TableNames: [] });
    client.destroy();
  });

  it('applies only to loopback binds', () => {
    expect(hostAllowList('0.0.0.0')).toBeUndefined();
    expect(hostAllowList('127.0.0.1')?.('evil.example')).toBe(false);
    expect(hostAllowList('::1')?.('[::1]:80')).toBe(true);
  });
});
