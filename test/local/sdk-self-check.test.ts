import * as sdk from '@aws-sdk/client-dynamodb';
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
  ResourceNotFoundException,
  type DynamoDBClientConfig,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClientFrom } from '../../src/local/client/create-local-client.js';
import type { SdkCopy } from '../../src/local/client/engine-client.js';
import { EngineRequestHandler } from '../../src/local/client/engine-request-handler.js';
import { createLocalClient, localClientMode } from '../../src/local/index.js';
import { installFastPath } from '../../src/local/sdk-accelerator/fast-path.js';
import { checkSdk } from '../../src/local/sdk-accelerator/sdk-self-check.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
  vi.restoreAllMocks();
});

type Middleware = Parameters<DynamoDBClient['middlewareStack']['add']>[0];

/**
 * An SDK whose schema deserializer goes by another name, as a release that renamed it would
 * have it: the SDK's own calls work the same (no middleware of the SDK anchors on it).
 */
function sdkWithRenamedDeserializer(): SdkCopy {
  class RenamedDeserializerClient extends DynamoDBClient {
    constructor(config: DynamoDBClientConfig) {
      super(config);
      const found: Array<{ middleware: Middleware; options: Record<string, unknown> }> = [];
      this.middlewareStack.applyToStack({
        add: (middleware: Middleware, options: Record<string, unknown>) => found.push({ middleware, options }),
        addRelativeTo: () => {},
      } as never);
      const entry = found.find((candidate) => candidate.options.name === 'deserializerMiddleware')!;
      this.middlewareStack.remove('deserializerMiddleware');
      this.middlewareStack.add(entry.middleware, { ...entry.options, name: 'schemaDeserializerMiddleware' } as never);
    }
  }
  return { ...sdk, DynamoDBClient: RenamedDeserializerClient, version: '3.0.0-renamed-deserializer' };
}

function localClient(copy: SdkCopy, mode?: 'fast' | 'full-stack'): DynamoDBClient {
  const client = createLocalClientFrom(copy, { inMemory: true, mode });
  cleanups.push(() => client.destroy());
  return client;
}

async function putAndGet(client: DynamoDBClient): Promise<unknown> {
  await client.send(
    new CreateTableCommand({
      TableName: 'app',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  await client.send(
    new PutItemCommand({ TableName: 'app', Item: { pk: { S: 'a' }, n: { N: '1' }, b: { B: new Uint8Array([1, 2]) } } }),
  );
  return (await client.send(new GetItemCommand({ TableName: 'app', Key: { pk: { S: 'a' } } }))).Item;
}

function monotableWarnings(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls
    .filter((call: unknown[]) => (call[1] as { type?: string } | undefined)?.type === 'MonotableWarning')
    .map((call: unknown[]) => String(call[0]));
}

describe('the SDK self-check', () => {
  it('accepts the SDK this package resolves: its clients run the fast path, with direct conversions', () => {
    const probe = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: 'http://localhost:8000',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    cleanups.push(() => probe.destroy());
    expect(checkSdk(sdk, probe)).toEqual({ missing: [], directConversion: true });
    const client = createLocalClient({ inMemory: true });
    cleanups.push(() => client.destroy());
    expect(localClientMode(client)).toBe('fast');
    expect(localClientMode(DynamoDBDocumentClient.from(client))).toBe('fast');
    const fullStack = createLocalClient({ inMemory: true, mode: 'full-stack' });
    cleanups.push(() => fullStack.destroy());
    expect(localClientMode(fullStack)).toBe('full-stack');
  });

  it('turns the direct conversions off for a deserializer that reads timestamps otherwise than the direct reader', () => {
    const probe = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: 'http://localhost:8000',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    cleanups.push(() => probe.destroy());
    const { deserializer } = (probe.config as unknown as { protocol: { deserializer: Record<string, unknown> } })
      .protocol;
    const readObject = (deserializer.readObject as (schema: unknown, data: unknown) => Record<string, unknown>).bind(
      deserializer,
    );
    // As a release that gave timestamps as epoch milliseconds would read them.
    deserializer.readObject = (schema: unknown, data: unknown) =>
      JSON.parse(JSON.stringify(readObject(schema, data)), (_key, value) =>
        typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) ? Date.parse(value) : value,
      );
    expect(checkSdk(sdk, probe)).toEqual({ missing: [], directConversion: false });
  });

  it('names what an SDK lacks', () => {
    const copy = sdkWithRenamedDeserializer();
    const probe = new (copy.DynamoDBClient as typeof DynamoDBClient)({
      region: 'us-east-1',
      endpoint: 'http://localhost:8000',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    cleanups.push(() => probe.destroy());
    expect(checkSdk(copy, probe).missing).toEqual(["middleware deserializerMiddleware in the client's stack"]);
  });

  it('runs a client on an SDK it does not accept full-stack: right answers, the SDK errors, one warning', async () => {
    const copy = sdkWithRenamedDeserializer();
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const first = localClient(copy);
    const second = localClient(copy);
    expect(first).toBeInstanceOf(copy.DynamoDBClient);
    expect(localClientMode(first)).toBe('full-stack');
    expect(localClientMode(DynamoDBDocumentClient.from(second))).toBe('full-stack');
    expect(await putAndGet(first)).toEqual({ pk: { S: 'a' }, n: { N: '1' }, b: { B: new Uint8Array([1, 2]) } });
    const missingTable = await first
      .send(new GetItemCommand({ TableName: 'missing', Key: { pk: { S: 'a' } } }))
      .catch((error: unknown) => error);
    expect(missingTable).toBeInstanceOf(ResourceNotFoundException);
    expect((missingTable as ResourceNotFoundException).$metadata.httpStatusCode).toBe(400);
    const warnings = monotableWarnings(emitWarning);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('@aws-sdk/client-dynamodb 3.0.0-renamed-deserializer');
    expect(warnings[0]).toContain('deserializerMiddleware');
  });

  it('stays silent when the full stack was asked for', () => {
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    expect(localClientMode(localClient(sdkWithRenamedDeserializer(), 'full-stack'))).toBe('full-stack');
    expect(monotableWarnings(emitWarning)).toEqual([]);
  });

  it('is what keeps such an SDK working: the fast path installed regardless breaks its calls', async () => {
    const copy = sdkWithRenamedDeserializer();
    const target = new Engine({ inMemory: true, region: 'us-east-1' });
    cleanups.push(() => target.close());
    const client = new (copy.DynamoDBClient as typeof DynamoDBClient)({
      region: 'us-east-1',
      endpoint: 'http://localhost:8000',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      requestHandler: new EngineRequestHandler(target, 'us-east-1'),
    });
    cleanups.push(() => client.destroy());
    installFastPath(client, target, { directConversion: true });
    const broken = await putAndGet(client).catch((error: unknown) => error);
    // The SDK's own deserializer, left in place under its new name, meets the fast path's answer.
    expect((broken as Error).message).toContain("reading 'statusCode'");
  });

  it('answers a command that brings its own deserializer through the full stack, and says so once', async () => {
    // Such a command, as an older SDK copy beside the client's makes them: the SDK's own
    // deserializer added to the command's stack, overriding the client's by name.
    const plain = new DynamoDBClient({ region: 'us-east-1' });
    cleanups.push(() => plain.destroy());
    let sdkDeserializer: Middleware | undefined;
    plain.middlewareStack.applyToStack({
      add: (middleware: Middleware, options: { name?: string }) => {
        if (options.name === 'deserializerMiddleware') sdkDeserializer = middleware;
      },
      addRelativeTo: () => {},
    } as never);
    const selfDeserializing = () => {
      const command = new ListTablesCommand({});
      command.middlewareStack.add(sdkDeserializer as never, {
        name: 'deserializerMiddleware',
        step: 'deserialize',
        override: true,
      });
      return command;
    };
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const client = createLocalClient({ inMemory: true });
    cleanups.push(() => client.destroy());
    await client.send(
      new CreateTableCommand({
        TableName: 'app',
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    expect((await client.send(selfDeserializing())).TableNames).toEqual(['app']);
    expect((await client.send(selfDeserializing())).TableNames).toEqual(['app']);
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual(['app']);
    const warnings = monotableWarnings(emitWarning);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('brings its own deserializer');
  });
});
