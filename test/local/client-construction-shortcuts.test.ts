import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createEngineClient } from '../../src/local/client/engine-client.js';
import { Engine } from '../../src/engine/engine.js';
import { DeferredFullStack } from '../../src/local/sdk-accelerator/deferred-full-stack.js';

/**
 * The shortcuts of making a fast client (docs/performance.md §Per-test isolation): the
 * client stack's `identify()` answered from a cache by shape, and the SDK's own stack kept
 * for the foreign-command fallback made only when needed. Each must give what Smithy gives.
 */

type AnyMiddleware = (next: (args: unknown) => Promise<unknown>) => (args: unknown) => Promise<unknown>;
const passThrough: AnyMiddleware = (next) => (args) => next(args);

/** What a Smithy stack hands over through applyToStack: each entry's middleware and options, and its flag. */
function handedOver(stack: { applyToStack(into: object): void }) {
  const entries: Array<{ relative: boolean; middleware: unknown; options: Record<string, unknown> }> = [];
  let flag: boolean | undefined;
  stack.applyToStack({
    add: (middleware: unknown, options: Record<string, unknown>) =>
      entries.push({ relative: false, middleware, options }),
    addRelativeTo: (middleware: unknown, options: Record<string, unknown>) =>
      entries.push({ relative: true, middleware, options }),
    identifyOnResolve: (value: boolean) => (flag = value),
  });
  return { entries, flag };
}

describe("a fast client's stack identify()", () => {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });

  it("lists what Smithy's own identify() lists for the same stack, through every kind of change", () => {
    const first = createEngineClient(engine);
    const second = createEngineClient(engine);
    // A clone is a plain Smithy stack with the same entries: its identify() is Smithy's.
    const smithyLines = (client: DynamoDBClient) => client.middlewareStack.clone().identify();
    expect(first.middlewareStack.identify()).toEqual(smithyLines(first));
    // The second client's lines come from the cache: the same, and a fresh array.
    const lines = second.middlewareStack.identify();
    expect(lines).toEqual(smithyLines(second));
    lines.push('changed by the caller');
    expect(second.middlewareStack.identify()).toEqual(smithyLines(second));

    const stack = second.middlewareStack as unknown as {
      add(middleware: AnyMiddleware, options: object): void;
      addRelativeTo(middleware: AnyMiddleware, options: object): void;
      remove(name: string): boolean;
    };
    const changes: Array<() => void> = [
      () =>
        stack.add(passThrough, {
          name: 'withAliases',
          aliases: ['aliasOne', 'aliasTwo'],
          step: 'build',
          priority: 'high',
        }),
      () =>
        stack.addRelativeTo(passThrough, {
          name: 'afterSerializer',
          relation: 'after',
          toMiddleware: 'serializerMiddleware',
        }),
      () =>
        stack.addRelativeTo(passThrough, {
          name: 'withStep',
          relation: 'before',
          toMiddleware: 'aliasOne',
          step: 'build',
        }),
      () => stack.addRelativeTo(passThrough, { name: 'anchorMissing', relation: 'before', toMiddleware: 'nowhere' }),
      () => stack.add(passThrough, { step: 'finalizeRequest', priority: 'low' }),
      () =>
        stack.add(passThrough, {
          name: 'withAliases',
          aliases: ['aliasOne', 'aliasTwo'],
          step: 'build',
          priority: 'high',
          override: true,
        }),
      () => stack.add(passThrough, { name: 'samePlace', step: 'build', priority: 'high' }),
      () => void stack.remove('withAliases'),
      () => void stack.remove('loggerMiddleware'),
    ];
    for (const change of changes) {
      change();
      expect(second.middlewareStack.identify()).toEqual(smithyLines(second));
      // The first client's stack did not change: its lines neither.
      expect(first.middlewareStack.identify()).toEqual(smithyLines(first));
    }
    for (const client of [first, second]) client.destroy();
  });

  it('still lets the DocumentClient find the serializer, and its calls answer', async () => {
    const client = createEngineClient(engine);
    engine.handle('CreateTable', {
      TableName: 'identify-table',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    });
    engine.handle('PutItem', { TableName: 'identify-table', Item: { pk: { S: 'a' }, n: { N: '1' } } });
    const documents = DynamoDBDocumentClient.from(client);
    expect(documents.middlewareStack).toBe(client.middlewareStack);
    expect((await documents.send(new GetCommand({ TableName: 'identify-table', Key: { pk: 'a' } }))).Item).toEqual({
      pk: 'a',
      n: 1,
    });
    client.destroy();
  });
});

describe('DeferredFullStack', () => {
  it("is, when made, what the stack's clone() was when it was constructed", () => {
    const client = new DynamoDBClient({ region: 'us-east-1' });
    const stack = client.middlewareStack;
    stack.identifyOnResolve(true);
    const clone = stack.clone();
    const deferred = new DeferredFullStack(stack);
    // Changes after construction reach neither.
    stack.identifyOnResolve(false);
    stack.remove('retryMiddleware');
    stack.add(passThrough as never, { name: 'later', step: 'build' });
    const made = deferred.stack();
    expect(made).toBe(deferred.stack());
    expect(made).not.toBe(stack);
    expect(made.identify()).toEqual(clone.identify());
    const madeEntries = handedOver(made);
    const cloneEntries = handedOver(clone);
    expect(madeEntries.flag).toBe(true);
    expect(madeEntries.entries.map(({ relative, middleware, options }) => [relative, middleware, options])).toEqual(
      cloneEntries.entries.map(({ relative, middleware, options }) => [relative, middleware, options]),
    );
    expect(
      madeEntries.entries.every((entry, index) => entry.middleware === cloneEntries.entries[index].middleware),
    ).toBe(true);
    // A merge through it gives the SDK's own call stack.
    const command = new GetItemCommand({ TableName: 'deferred', Key: {} });
    expect(
      (deferred.concat(command.middlewareStack as never) as unknown as { identify(): string[] }).identify(),
    ).toEqual(clone.concat(command.middlewareStack).identify());
  });

  it('keeps the full stack in step with the client stack: a name the fast path removed still clashes, as on the SDK own stack', () => {
    const client = createEngineClient(new Engine({ inMemory: true, ttlReapIntervalMs: 0 }));
    const plain = new DynamoDBClient({ region: 'us-east-1' });
    const adding = (target: DynamoDBClient) => () =>
      target.middlewareStack.add(passThrough as never, { name: 'retryMiddleware', step: 'finalizeRequest' });
    expect(adding(plain)).toThrow(/Duplicate middleware name 'retryMiddleware'/);
    expect(adding(client)).toThrow(/Duplicate middleware name 'retryMiddleware'/);
    client.destroy();
  });
});
