import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from '../../src/local/wire-protocol.js';
import { serveEngine, type ServingEngine } from '../../src/local/server/serve-engine.js';
import { MAX_REQUEST_BYTES } from '../../src/local/wire-protocol.js';
import { ScriptedEngine } from './support/scripted-engine.js';

const AUTHORIZATION =
  'AWS4-HMAC-SHA256 Credential=anything/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00';

let server: ServingEngine;
beforeAll(async () => {
  server = await serveEngine(new ScriptedEngine(), { port: 0 });
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function post(body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(server.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDB_20120810.ListTables',
      authorization: AUTHORIZATION,
      // fetch asks for gzip by default; these checks read the body's own CRC-32.
      'accept-encoding': 'identity',
      ...headers,
    },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function expectDynamoDBHeaders(answer: Answer): void {
  expect(answer.headers.get('x-amzn-requestid')).toMatch(/^[A-Z0-9]{52}$/);
  expect(answer.headers.get('x-amz-crc32')).toBe(String(crc32(Buffer.from(answer.text))));
}

describe('monotable serve speaks DynamoDB JSON protocol', () => {
  it('answers an operation with DynamoDB headers', async () => {
    const answer = await post('{}');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ TableNames: ['scripted'] });
    expect(answer.headers.get('content-type')).toBe('application/x-amz-json-1.0');
    expectDynamoDBHeaders(answer);
  });

  it('answers engine errors with DynamoDB error bodies', async () => {
    const answer = await post('{"TableName":"nope"}', { 'x-amz-target': 'DynamoDB_20120810.DescribeTable' });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      __type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException',
      message: 'Requested resource not found: Table: nope not found',
    });
    expectDynamoDBHeaders(answer);
  });

  it('answers an engine failure with a 500 InternalServerError', async () => {
    const answer = await post('{"TableName":"t","Key":{"pk":{"S":"a"}}}', {
      'x-amz-target': 'DynamoDB_20120810.DeleteItem',
    });
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.text).__type).toBe('com.amazonaws.dynamodb.v20120810#InternalServerError');
  });

  it('answers malformed JSON and an empty body with SerializationException', async () => {
    for (const body of ['{bad', '{"TableName":"abc"', '']) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({ __type: 'com.amazon.coral.service#SerializationException' });
      expectDynamoDBHeaders(answer);
    }
  });

  it('answers unknown and missing targets with UnknownOperationException', async () => {
    for (const headers of [
      { 'x-amz-target': 'DynamoDB_20120810.DropEverything' },
      { 'x-amz-target': 'DynamoDB_20120810.CreateBackup' },
      { 'x-amz-target': 'Other_20120810.ListTables' },
      { 'x-amz-target': '' },
    ]) {
      const answer = await post('{}', headers);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({ __type: 'com.amazon.coral.service#UnknownOperationException' });
    }
  });

  it('rejects requests without credentials, as DynamoDB does', async () => {
    const answer = await post('{}', { authorization: '' });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      __type: 'com.amazon.coral.service#MissingAuthenticationTokenException',
      message: 'Request is missing Authentication Token',
    });
  });

  it('answers another content type or method with 404 UnknownOperationException', async () => {
    expect(await post('{}', { 'content-type': 'text/plain' })).toMatchObject({
      status: 404,
      text: '<UnknownOperationException/>\n',
    });
    expect((await post('{}', { 'content-type': 'application/json' })).status).toBe(200);
    const put = await fetch(server.endpoint, { method: 'PUT', body: '{}' });
    expect(put.status).toBe(404);
  });

  it('answers GET / with a health line naming the address and port it listens on', async () => {
    const response = await fetch(`${server.endpoint}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`healthy: 127.0.0.1:${server.port} `);
  });

  it('rejects a body over 16 MB with 413 without reading it all', async () => {
    const declared = await rawPost(MAX_REQUEST_BYTES + 1, { 'content-length': String(MAX_REQUEST_BYTES + 1) });
    expect(declared).toMatchObject({ status: 413, body: '{"Message":""}' });
    const chunked = await rawPost(MAX_REQUEST_BYTES + 1024 * 1024, { 'transfer-encoding': 'chunked' });
    expect(chunked.status).toBe(413);
    expect((await post('{}')).status).toBe(200);
  });

  it('keeps serving after bad requests and broken connections', async () => {
    await new Promise<void>((resolve) => {
      const broken = httpRequest(server.endpoint, { method: 'POST', headers: { 'content-length': '100' } });
      broken.on('error', () => resolve());
      broken.write('{"Tab');
      setTimeout(() => {
        broken.destroy();
        resolve();
      }, 20);
    });
    const garbage = await fetch(server.endpoint, { method: 'POST', body: '\u0000\u0001\u0002' }).then((r) => r.status);
    expect(garbage).toBe(404);
    expect((await post('{}')).status).toBe(200);
  });
});

/** Sends `size` bytes of body, stopping early if the server answers first. */
function rawPost(size: number, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(server.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.ListTables',
        authorization: AUTHORIZATION,
        ...headers,
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const pump = (): void => {
      while (sent < size && !request.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}
