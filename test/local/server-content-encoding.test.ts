import {
  DynamoDBClient,
  ListTablesCommand,
  TagResourceCommand,
  DescribeTableCommand,
  CreateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { request as httpRequest } from 'node:http';
import { gunzipSync, gzipSync, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from '../../src/local/wire-protocol.js';
import { startServer, type RunningServer } from '../../src/local/index.js';

const AUTHORIZATION =
  'AWS4-HMAC-SHA256 Credential=local/20261201/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=abc';
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

/** A raw POST (node:http adds no Accept-Encoding of its own); the body as received, undecoded. */
function rawPost(
  operation: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      server.endpoint,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `DynamoDB_20120810.${operation}`,
          authorization: AUTHORIZATION,
          'content-length': String(body.length),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('monotable serve: content encodings, health line, empty tagging answers', () => {
  it('decodes gzip and deflate request bodies', async () => {
    const json = Buffer.from(JSON.stringify({ Limit: 5 }));
    for (const [encoding, body] of [
      ['gzip', gzipSync(json)],
      ['deflate', deflateSync(json)],
    ] as const) {
      const answer = await rawPost('ListTables', body, { 'content-encoding': encoding });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ TableNames: [] });
    }
  });

  it('answers a body that does not decode with a 500 InternalFailure', async () => {
    const answer = await rawPost('ListTables', Buffer.from('not gzip'), { 'content-encoding': 'gzip' });
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({
      __type: 'com.amazonaws.dynamodb.v20120810#InternalFailure',
      message: 'The request processing has failed because of an unknown error, exception or failure.',
    });
  });

  it('gzips the answer for a client that accepts gzip, with the CRC-32 of the bytes sent', async () => {
    const answer = await rawPost('ListTables', Buffer.from('{}'), { 'accept-encoding': 'gzip, deflate' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['x-amz-crc32']).toBe(String(crc32(answer.body)));
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toEqual({ TableNames: [] });
    const plain = await rawPost('ListTables', Buffer.from('{}'), { 'accept-encoding': 'gzip;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual({ TableNames: [] });
  });

  it('names the address and port it listens on in the health line', async () => {
    const response = await fetch(`${server.endpoint}/`);
    expect(await response.text()).toBe(`healthy: 127.0.0.1:${server.port} `);
  });

  it('answers TagResource and UntagResource with an empty body, which the SDK reads', async () => {
    const client = new DynamoDBClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await client.send(
      new CreateTableCommand({
        TableName: 'tagged',
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    const arn = (await client.send(new DescribeTableCommand({ TableName: 'tagged' }))).Table?.TableArn as string;
    const tag = await rawPost(
      'TagResource',
      Buffer.from(JSON.stringify({ ResourceArn: arn, Tags: [{ Key: 'a', Value: 'b' }] })),
      {},
    );
    expect(tag.status).toBe(200);
    expect(tag.body.length).toBe(0);
    const untag = await rawPost('UntagResource', Buffer.from(JSON.stringify({ ResourceArn: arn, TagKeys: ['a'] })), {});
    expect(untag.body.length).toBe(0);
    await expect(
      client.send(new TagResourceCommand({ ResourceArn: arn, Tags: [{ Key: 'c', Value: 'd' }] })),
    ).resolves.toBeDefined();
    expect((await client.send(new ListTablesCommand({}))).TableNames).toContain('tagged');
  });
});
