import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createEngineClient } from '../../src/local/engine-client.js';
import { LeanMiddlewareStack } from '../../src/local/lean-middleware-stack.js';
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
      addRelativeTo(passThrough, { name: 'beforeSerializer', relation: 'before', toMiddleware: 'serializerMiddleware' });
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
