import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/local/server/start-server.js';
import { dataPlaneRequest, fuzzTableDefinition, malformedRequest, OPERATIONS } from './arbitraries.js';
import { deepRequest } from './deep-arbitraries.js';
import { jsonText } from './json-text.js';

const TIME_LIMIT_MS = 4_000;
const AUTHORIZATION =
  'AWS4-HMAC-SHA256 Credential=fuzz/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0';
const directory = mkdtempSync(join(tmpdir(), 'monotable-server-fuzz-'));
const path = join(directory, 'fuzz.sqlite');
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, path });
  server.engine.handle('CreateTable', fuzzTableDefinition);
});
afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

/** Target and body: mostly an operation with a request meant for it, sometimes mismatched or garbage. */
const exchange = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.oneof(dataPlaneRequest, malformedRequest).map(({ operation, input }) => ({
      target: `DynamoDB_20120810.${operation}` as string | undefined,
      text: JSON.stringify(input) ?? '',
    })),
  },
  // Deep and wide shapes, written without recursion (JSON.stringify cannot write 100,000 levels).
  {
    weight: 1,
    arbitrary: deepRequest.map(({ operation, input }) => ({
      target: `DynamoDB_20120810.${operation}` as string | undefined,
      text: jsonText(input),
    })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      target: fc.oneof(
        fc.constantFrom(...OPERATIONS).map((operation) => `DynamoDB_20120810.${operation}`),
        fc.string({ maxLength: 30 }),
        fc.constant(undefined),
      ),
      text: fc.oneof(fc.json(), fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 })),
    }),
  },
);
const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/x-amz-json-1.0') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('application/json', 'text/plain', '', 'application/x-amz-json-1.0; charset=utf-8'),
  },
);
const method = fc.oneof(
  { weight: 12, arbitrary: fc.constant('POST') },
  { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE') },
);

describe("server fuzz: every answer is DynamoDB's", () => {
  it('answers random requests with 200, 400 or 404, never 500, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(exchange, contentType, method, async ({ target: xAmzTarget, text }, type, verb) => {
        const headers: Record<string, string> = { authorization: AUTHORIZATION, 'content-type': type };
        if (xAmzTarget !== undefined) headers['x-amz-target'] = xAmzTarget;
        const response = await fetch(server.endpoint, {
          method: verb,
          headers,
          body: verb === 'GET' ? undefined : text,
          signal: AbortSignal.timeout(5_000),
        });
        const answer = await response.text();
        expect(
          [200, 400, 404],
          `${verb} ${xAmzTarget} ${text.slice(0, 2_000)} → ${response.status} ${answer.slice(0, 2_000)}`,
        ).toContain(response.status);
        if (response.status === 400) expect(JSON.parse(answer).__type).toMatch(/#\w+$/);
      }),
      { numRuns: 1_500, interruptAfterTimeLimit: TIME_LIMIT_MS },
    );
    const health = await fetch(server.endpoint);
    expect(health.status).toBe(200);
  });

  it('leaves the SQLite file intact', async () => {
    await server.close();
    const database = new Database(path, { readonly: true });
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    database.close();
  });
});
