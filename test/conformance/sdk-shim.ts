import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createLocalClient, localEngineOf } from '../../src/local/index.js';
import { NOT_EXPRESSIBLE_STATUS, notExpressibleBody } from './not-expressible.js';
import { exceptionToWire, outputToWire, type WireAnswer } from './sdk-to-wire.js';
import { sdkCommandFor } from './wire-to-sdk.js';

export type SdkMode = 'fast' | 'full-stack';

export interface SdkShim {
  readonly endpoint: string;
  /** Requests answered as not expressible through the SDK, in arrival order. */
  readonly notExpressible: ReadonlyArray<{ readonly operation: string; readonly reason: string }>;
  close(): Promise<void>;
}

const TARGET_PREFIX = 'DynamoDB_20120810.';

/**
 * An HTTP endpoint speaking DynamoDB's JSON protocol that answers every request through an
 * in-process `createLocalClient` in the given mode: the raw request becomes the SDK's own
 * command, and the SDK's output or exception becomes the wire answer again. A differential
 * runner pointed at it therefore tests the SDK paths, not the HTTP server.
 */
export async function startSdkShim(mode: SdkMode): Promise<SdkShim> {
  // One attempt, as the runner sends each request once: a retried 500 would hide the first answer.
  const client = createLocalClient({ inMemory: true, mode, clientConfig: { maxAttempts: 1 } });
  const reached = trackEngineCalls(client);
  const notExpressible: Array<{ operation: string; reason: string }> = [];

  const server = createServer((request, response) => {
    answer(request)
      .then((wire) => send(response, wire))
      .catch((error: unknown) => send(response, shimFailure(`the shim failed: ${String(error)}`)));
  });

  async function answer(request: IncomingMessage): Promise<WireAnswer> {
    const text = await readBody(request);
    if (request.method === 'GET') return { statusCode: 200, body: {} };
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : target;
    const refuse = (reason: string): WireAnswer => {
      notExpressible.push({ operation, reason });
      return { statusCode: NOT_EXPRESSIBLE_STATUS, body: notExpressibleBody(reason) };
    };
    const built = sdkCommandFor(client, operation, text);
    if (!built.expressible) return refuse(built.reason);
    const call = { reachedEngine: false };
    try {
      const output = await reached.run(call, () => client.send(built.command));
      return outputToWire(output as unknown as Record<string, unknown>);
    } catch (error) {
      const wire = exceptionToWire(error);
      if (wire) return wire;
      // The SDK gave up before the engine saw the request: a client-side rejection.
      if (!call.reachedEngine) return refuse(`the SDK rejects it: ${(error as Error).message}`);
      return shimFailure(`the SDK failed after the engine answered: ${String(error)}`);
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    notExpressible,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      client.destroy();
    },
  };
}

/** Marks, per `client.send`, whether the engine was called (its `answer` runs in the call's async context). */
function trackEngineCalls(client: DynamoDBClient): AsyncLocalStorage<{ reachedEngine: boolean }> {
  const calls = new AsyncLocalStorage<{ reachedEngine: boolean }>();
  const engine = localEngineOf(client);
  const answer = engine.answer.bind(engine);
  engine.answer = ((operation, input) => {
    const call = calls.getStore();
    if (call) call.reachedEngine = true;
    return answer(operation, input);
  }) as typeof engine.answer;
  return calls;
}

function shimFailure(message: string): WireAnswer {
  return { statusCode: 500, body: { __type: 'SdkShimFailure', message } };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, wire: WireAnswer): void {
  const body = JSON.stringify(wire.body);
  response.writeHead(wire.statusCode, {
    'Content-Type': 'application/x-amz-json-1.0',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}
