import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createEngineClient } from '../../src/local/client/engine-client.js';
import { LeanMiddlewareStack } from '../../src/local/sdk-accelerator/lean-middleware-stack.js';
import { ScriptedEngine } from './support/scripted-engine.js';

type AnyMiddleware = (next: (args: unknown) => Promise<unknown>) => (args: unknown) => Promise<unknown>;
const passThrough: AnyMiddleware = (next) => (args) => next(args);

function names(identified: string[]): string[] {
  return identified.map((line) => line.split(' ')[0]);
}

describe('LeanMiddlewareStack', () => {
  it('orders entries exactly as the SDK stack does', () => {
    const smithy = new DynamoDBClient({ region: 'us-east-1' }).middlewareStack;
    const lean = new LeanMiddlewareStack(new Set());
    smithy.applyToStack(lean as never);
    for (const stack of [smithy, lean] as const) {
      const add = stack.add.bind(stack) as (middleware: AnyMiddleware, options: object) => void;
      const addRelativeTo = stack.addRelativeTo.bind(stack) as (middleware: AnyMiddleware, options: object) => void;
      add(passThrough, { name: 'lowInit', step: 'initialize', priority: 'low' });
      add(passThrough, { name: 'highBuild', step: 'build', priority: 'high' });
      add(passThrough, { name: 'plainFinalize', step: 'finalizeRequest' });
      addRelativeTo(passThrough, {
        name: 'beforeSerializer',
        relation: 'before',
        toMiddleware: 'serializerMiddleware',
      });
      addRelativeTo(passThrough, { name: 'afterSerializer1', relation: 'after', toMiddleware: 'serializerMiddleware' });
      addRelativeTo(passThrough, { name: 'afterSerializer2', relation: 'after', toMiddleware: 'serializerMiddleware' });
      addRelativeTo(passThrough, { name: 'beforeBefore', relation: 'before', toMiddleware: 'beforeSerializer' });
      add(passThrough, { name: 'highBuild', step: 'build', priority: 'high', override: true });
    }
    expect(names(lean.identify())).toEqual(names(smithy.identify()));
  });

  it('drops the named middlewares and rejects duplicates without override', () => {
    const lean = new LeanMiddlewareStack(new Set(['dropped']));
    lean.add(passThrough as never, { name: 'dropped', step: 'build' });
    lean.add(passThrough as never, { name: 'kept', step: 'build' });
    expect(names(lean.identify())).toEqual(['kept']);
    expect(() => lean.add(passThrough as never, { name: 'kept', step: 'build' })).toThrow(/Duplicate/);
  });

  it('overrides and removes by alias, and copies entries without its own bookkeeping', () => {
    const lean = new LeanMiddlewareStack(new Set());
    const first: AnyMiddleware = (next) => (args) => next(args);
    const second: AnyMiddleware = (next) => (args) => next(args);
    lean.add(first as never, { name: 'main', aliases: ['alias'], step: 'build' });
    expect(() => lean.add(second as never, { name: 'alias', step: 'build' })).toThrow(
      /Duplicate middleware name 'alias'/,
    );
    lean.add(second as never, { name: 'alias', step: 'serialize', override: true });
    expect(lean.identify()).toEqual(['alias - serialize']);
    const copied: { middleware: unknown; options: Record<string, unknown> }[] = [];
    lean.applyToStack({
      add: (middleware: unknown, options: Record<string, unknown>) => copied.push({ middleware, options }),
      addRelativeTo: () => undefined,
    } as never);
    expect(copied).toEqual([
      { middleware: second, options: { name: 'alias', step: 'serialize', priority: 'normal', override: true } },
    ]);
    expect(lean.remove('alias')).toBe(true);
    expect(lean.identify()).toEqual([]);
  });

  it('resolves a middleware named in its substitutes through the substitute, and copies the original', async () => {
    const calls: string[] = [];
    const original: AnyMiddleware = (next) => (args) => (calls.push('original'), next(args));
    const substitute = (middleware: AnyMiddleware, next: (args: unknown) => Promise<unknown>) => (
      calls.push('substitute'), (args: unknown) => (args === 'skip' ? next(args) : middleware(next)(args))
    );
    const lean = new LeanMiddlewareStack(new Set(), new Map([['replaceable', substitute as never]]));
    lean.add(original as never, { name: 'replaceable', step: 'build' });
    const handler = lean.resolve(async () => 'done', {});
    expect(await handler('skip')).toBe('done');
    expect(await handler('run')).toBe('done');
    expect(calls).toEqual(['substitute', 'original']);
    const copied: unknown[] = [];
    lean.applyToStack({
      add: (middleware: unknown) => copied.push(middleware),
      addRelativeTo: () => undefined,
    } as never);
    expect(copied).toEqual([original]);
  });

  it('resolves calls of one shape with the cached order, and a changed shape with a new one', async () => {
    const calls: string[] = [];
    const named =
      (name: string): AnyMiddleware =>
      (next) =>
      async (args) => {
        calls.push(name);
        return next(args);
      };
    const base = new LeanMiddlewareStack(new Set());
    base.add(named('serialize') as never, { name: 'serializerMiddleware', step: 'serialize' });
    base.add(named('initialize') as never, { name: 'loggerMiddleware', step: 'initialize' });
    // An unguarded lean stack merges into a lean stack.
    const run = async (merged: ReturnType<LeanMiddlewareStack['concat']>): Promise<string[]> => {
      const stack = merged as LeanMiddlewareStack;
      calls.length = 0;
      await stack.resolve(async () => ({ output: {} }), {})({ input: {} });
      return [...calls];
    };
    const command = new LeanMiddlewareStack(new Set());
    command.addRelativeTo(named('before') as never, {
      name: 'marshall',
      relation: 'before',
      toMiddleware: 'serializerMiddleware',
    });
    expect(await run(base.concat(command))).toEqual(['initialize', 'before', 'serialize']);
    expect(await run(base.concat(command))).toEqual(['initialize', 'before', 'serialize']);
    const other = new LeanMiddlewareStack(new Set());
    other.addRelativeTo(named('after') as never, {
      name: 'marshall',
      relation: 'after',
      toMiddleware: 'loggerMiddleware',
    });
    expect(await run(base.concat(other))).toEqual(['initialize', 'after', 'serialize']);
  });

  it('runs middleware a user adds to a fast-path client', async () => {
    const engine = new ScriptedEngine();
    const client = createEngineClient(engine);
    const seen: string[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        seen.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'spy' },
    );
    await client.send(new ListTablesCommand({}));
    await client.send(new ListTablesCommand({}));
    expect(seen).toEqual(['ListTablesCommand', 'ListTablesCommand']);
    client.middlewareStack.remove('spy');
    await client.send(new ListTablesCommand({}));
    expect(seen).toHaveLength(2);
  });
});
