import { answerText, materializeAnswer } from './answer.js';
import { DynamoDBError, internalServerError, serializationError } from './errors.js';
import { operationRegistry } from './operations/index.js';
import type { EngineContext, OperationHandler } from './operations/operation.js';
import { StatementCache } from './partiql/statement-cache.js';
import { openSqliteStorage } from './storage/sqlite-storage.js';
import type { Storage } from './storage/storage.js';
import { reapExpiredItems, reapExpiredItemsInSlices } from './ttl/reaper.js';
import { requestShapeValidatorOf, type RequestShapeValidator } from './validation/request-shape.js';

/** What `handle` needs to know of an operation, found with one lookup per call. */
interface Route {
  readonly handler: OperationHandler;
  /** The request-shape check (validation/request-shape.ts), when the operation has a shape. */
  readonly validate: RequestShapeValidator | undefined;
  /** Whether the answer may hold stored rows, unparsed (answer.ts). */
  readonly reads: boolean;
}

const routes = new Map<string, Route>(
  Object.entries(operationRegistry).map(([operation, spec]) => [
    operation,
    { handler: spec.handler, validate: requestShapeValidatorOf(operation), reads: spec.returnsRows },
  ]),
);

/** The item operations (PutItem, Query, …, ExecuteTransaction), whose inputs and answers hold attribute values. */
export { dataPlaneOperations } from './operations/index.js';

function routeOf(operation: string): Route {
  const route = routes.get(operation);
  if (route === undefined) throw new DynamoDBError('UnknownOperationException', '');
  return route;
}

export interface EngineOptions {
  /** SQLite file to open or create. Omit (or set `inMemory`) for a private in-memory database. */
  readonly path?: string;
  readonly inMemory?: boolean;
  /** Clock in epoch milliseconds; tests inject one to move time. Default `Date.now`. */
  readonly now?: () => number;
  /** How often expired TTL items are reaped, in ms; 0 disables the background reaper. Default 5000. */
  readonly ttlReapIntervalMs?: number;
  readonly region?: string;
  readonly accountId?: string;
  /**
   * How long a stream shard stays open before it closes and a child shard takes over, in
   * ms (default four hours, as DynamoDB "on average"). Short values exercise consumers
   * that follow shard lineage.
   */
  readonly streamShardDurationMs?: number;
}

/**
 * DynamoDB's data plane on SQLite: wire JSON in, wire JSON out.
 *
 * @example
 * const engine = new Engine({ inMemory: true });
 * engine.handle('ListTables', {}); // → { TableNames: [] }
 */
export class Engine {
  readonly context: EngineContext;
  private reaper: NodeJS.Timeout | undefined;
  /** The background reap under way, if any: one at a time, in slices (ttl/reaper.ts). */
  private backgroundReap: Promise<unknown> | undefined;
  private closed = false;
  /** The call `runPending` makes: handed over in fields, so no closure is allocated per request. */
  private pendingHandler: OperationHandler | undefined;
  private pendingInput: object | undefined;
  /** Runs the pending call inside `storage.withinRequest`; it takes both fields before anything can nest. */
  private readonly runPending = (): Record<string, unknown> => {
    const handler = this.pendingHandler as OperationHandler;
    const input = this.pendingInput;
    this.pendingHandler = undefined;
    this.pendingInput = undefined;
    return handler(this.context, input);
  };

  constructor(options: EngineOptions = {}) {
    const now = options.now ?? Date.now;
    const storage: Storage = openSqliteStorage(
      options.inMemory || !options.path ? { inMemory: true, now } : { path: options.path, now },
    );
    this.context = {
      storage,
      now,
      streamShardDurationMs: options.streamShardDurationMs,
      region: options.region ?? 'us-east-1',
      accountId: options.accountId ?? '000000000000',
      partiqlStatements: new StatementCache(),
    };
    const interval = options.ttlReapIntervalMs ?? 5000;
    if (interval > 0) {
      this.reaper = setInterval(() => {
        if (this.backgroundReap) return;
        // In slices with a turn of the event loop between them, so requests are served
        // while a large reap runs. A busy database (another process holding the lock past
        // busy_timeout) only delays reaping: retried on the next tick.
        this.backgroundReap = reapExpiredItemsInSlices(this.context, undefined, () => this.closed)
          .catch(() => undefined)
          .finally(() => {
            this.backgroundReap = undefined;
          });
      }, interval);
      this.reaper.unref();
    }
  }

  /**
   * Answers one operation. Returns the response body; throws `DynamoDBError` for every
   * error answer (never anything else: an unexpected failure becomes `InternalServerError`).
   */
  handle(operation: string, input: unknown): Record<string, unknown> {
    const route = routeOf(operation);
    const answer = this.answer(route, input);
    return route.reads ? materializeAnswer(answer) : answer;
  }

  /**
   * `JSON.stringify(handle(operation, input))`, byte for byte, for a server to send: items
   * a read returns as stored are copied from storage as text, never parsed or
   * re-serialized. Throws as `handle` does.
   */
  handleAsJson(operation: string, input: unknown): string {
    const route = routeOf(operation);
    const answer = this.answer(route, input);
    return route.reads ? answerText(answer) : JSON.stringify(answer);
  }

  /**
   * As `handle`, but items a read returns as stored stay `StoredRow`s (answer.ts), for a
   * caller that converts them itself: the in-process client reads them straight into the
   * SDK's output (local/sdk-accelerator/fast-wire/wire-to-output.ts).
   */
  handleWithRows(operation: string, input: unknown): Record<string, unknown> {
    return this.answer(routeOf(operation), input);
  }

  /** The operation's answer; read operations leave items read as stored unparsed (answer.ts). */
  private answer(route: Route, input: unknown): Record<string, unknown> {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw serializationError('Start of structure or map found where not expected');
    }
    try {
      route.validate?.(input);
      const storage = this.context.storage;
      if (!storage.withinRequest) return route.handler(this.context, input);
      this.pendingHandler = route.handler;
      this.pendingInput = input;
      return storage.withinRequest(this.runPending);
    } catch (error) {
      if (error instanceof DynamoDBError) throw error;
      throw internalServerError(error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * Deletes every item whose TTL has passed, at once, and returns how many. The background
   * reaper (`ttlReapIntervalMs`) does the same work in short slices instead, serving
   * requests between them: see {@link reapExpiredItemsInBackground}.
   */
  reapExpiredItems(): number {
    return reapExpiredItems(this.context);
  }

  /**
   * Deletes every item whose TTL has passed in short slices (each one write transaction of
   * at most 500 items or 5 ms), giving the event loop a turn between them, and resolves
   * with how many were deleted. What the background reaper runs on its timer.
   *
   * @example
   * const deleted = await engine.reapExpiredItemsInBackground();
   */
  reapExpiredItemsInBackground(): Promise<number> {
    return reapExpiredItemsInSlices(this.context, undefined, () => this.closed);
  }

  close(): void {
    this.closed = true;
    if (this.reaper) clearInterval(this.reaper);
    this.context.storage.close();
  }
}
