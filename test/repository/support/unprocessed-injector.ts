import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * Makes a real client behave like a throttled DynamoDB for batch calls: before a BatchWriteItem
 * or BatchGetItem reaches the engine, the requests `drop` picks are taken out of it and handed
 * back as `UnprocessedItems` / `UnprocessedKeys`, exactly as the service leaves work it did not
 * do. Everything else goes through untouched. It records what reached the engine, so a test can
 * check that nothing was lost and nothing was sent twice.
 */
export interface UnprocessedInjector {
  /**
   * Decides, per batch call (0-based), request position in it and request (`put <pk> <sk>`,
   * `delete …`, `get …`), whether to leave it unprocessed.
   */
  drop: Drop;
  /** Batch calls seen since the last reset. */
  calls: number;
  /** How many times each request (by its table key) reached the engine. */
  readonly forwarded: Map<string, number>;
  reset(drop?: Drop): void;
}

export type Drop = (call: number, position: number, request: string) => boolean;

const installed = new WeakMap<DynamoDBClient, UnprocessedInjector>();

type Loose = Record<string, unknown>;

/** The text of a key attribute, whether the request is still in DocumentClient form or marshalled. */
function textOf(value: unknown): string {
  if (value !== null && typeof value === 'object') {
    const attribute = value as { S?: string; N?: string };
    return attribute.S ?? attribute.N ?? JSON.stringify(value);
  }
  return String(value);
}

/** `pk sk` of a key or item (the fixtures' tables key on `pk`/`sk`). */
export function requestKey(keyOrItem: Loose): string {
  return `${textOf(keyOrItem.pk)} ${textOf(keyOrItem.sk)}`;
}

function writeKey(request: Loose): string {
  const put = request.PutRequest as { Item: Loose } | undefined;
  const remove = request.DeleteRequest as { Key: Loose } | undefined;
  return `${put ? 'put' : 'delete'} ${requestKey(put ? put.Item : (remove as { Key: Loose }).Key)}`;
}

/** Installs the injector on `client` once (a shared client keeps one) and returns it, reset. */
export function injectUnprocessed(client: DynamoDBClient): UnprocessedInjector {
  const existing = installed.get(client);
  if (existing) {
    existing.reset();
    return existing;
  }
  const injector: UnprocessedInjector = {
    drop: () => false,
    calls: 0,
    forwarded: new Map(),
    reset(drop = () => false) {
      this.drop = drop;
      this.calls = 0;
      this.forwarded.clear();
    },
  };
  const count = (key: string) => injector.forwarded.set(key, (injector.forwarded.get(key) ?? 0) + 1);
  type Handler = (args: { input: object }) => Promise<{ output: object }>;
  const middleware =
    (next: Handler): Handler =>
    async (args) => {
      const input = args.input as { RequestItems?: Record<string, unknown> };
      if (!input.RequestItems) return next(args);
      const call = injector.calls++;
      const kept: Record<string, unknown> = {};
      const left: Record<string, unknown> = {};
      let position = 0;
      let isGet = false;
      for (const [table, requests] of Object.entries(input.RequestItems)) {
        if (Array.isArray(requests)) {
          const keep: Loose[] = [];
          const leave: Loose[] = [];
          for (const request of requests as Loose[])
            (injector.drop(call, position++, writeKey(request)) ? leave : keep).push(request);
          if (keep.length > 0) kept[table] = keep;
          if (leave.length > 0) left[table] = leave;
          for (const request of keep) count(writeKey(request));
        } else {
          isGet = true;
          const entry = requests as { Keys: Loose[] } & Loose;
          const keep: Loose[] = [];
          const leave: Loose[] = [];
          for (const key of entry.Keys)
            (injector.drop(call, position++, `get ${requestKey(key)}`) ? leave : keep).push(key);
          if (keep.length > 0) kept[table] = { ...entry, Keys: keep };
          if (leave.length > 0) left[table] = { ...entry, Keys: leave };
          for (const key of keep) count(`get ${requestKey(key)}`);
        }
      }
      const unprocessedName = isGet ? 'UnprocessedKeys' : 'UnprocessedItems';
      // When every request is left, the engine is not asked at all (DynamoDB did none of the work).
      if (Object.keys(kept).length === 0)
        return {
          output: { $metadata: {}, [unprocessedName]: left, ...(isGet ? { Responses: {} } : {}) },
          response: {},
        };
      const result = await next({ ...args, input: { ...input, RequestItems: kept } });
      return { ...result, output: { ...result.output, [unprocessedName]: left } };
    };
  client.middlewareStack.add(middleware as never, { step: 'initialize', name: 'monotableTestUnprocessedInjector' });
  installed.set(client, injector);
  return injector;
}
