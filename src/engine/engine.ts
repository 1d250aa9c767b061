import { resolve } from 'node:path';
import { Answer, PLAIN_ANSWER, ROWS_ANSWER, SELF_WRITTEN_ANSWER, type AnswerForm } from './answer.js';
import { EngineCaches } from './engine-caches.js';
import { CloudBehaviour } from './cloud/cloud-behaviour.js';
import { eventualConsistencyOf } from './cloud/consistency/eventual-consistency.js';
import type { FaultRule } from './cloud/cloud-options.js';
import type { EngineOptions } from './engine-options.js';
import type { FaultReport } from './cloud/faults/injected-faults.js';
import { DynamoDBError, internalServerError, serializationError } from './errors.js';
import { operationRegistry, requestShapeValidatorOf } from './operations/registry.js';
import type { AnswerContent, CheckedRequest, EngineContext, OperationHandler } from './operations/operation.js';
import { openSqliteStorage } from './storage/sqlite-storage.js';
import type { Storage } from './storage/storage.js';
import { runBackfills, runBackfillsInSlices } from './backfill/backfills.js';
import { reapExpiredItems, reapExpiredItemsInSlices } from './ttl/reaper.js';
import type { RequestShapeValidator } from './validation/request-shape.js';
import { closeIdlePooledDatabases } from './storage/private-database-pool.js';
import { isReadOnlyRefusal, sqliteFileFailure } from './storage/sqlite-file-failure.js';

export { SqliteFileError, type SqliteFileErrorCode } from './storage/sqlite-file-error.js';
export type { EngineOptions } from './engine-options.js';
export { CloudOptionsError } from './cloud/cloud-options-error.js';
export type { CloudBehaviour } from './cloud/cloud-behaviour.js';
export type {
  CloudOptions,
  ConsistencyOptions,
  TransactionOptions,
  CapacityOptions,
  FaultRule,
  FaultErrorName,
  CancellationReasonCode,
  DurationMs,
} from './cloud/cloud-options.js';
export type { FaultReport } from './cloud/faults/injected-faults.js';

/** What `answer` needs to know of an operation, found with one lookup per call. */
interface Route {
  /** The operation's name, for the messages of a read-only engine. */
  readonly operation: string;
  readonly handler: OperationHandler;
  /** The request-shape check (validation/request-shape.ts), when the operation has a shape. */
  readonly validate: RequestShapeValidator | undefined;
  /** What the answer may hold beyond wire objects: stored rows, unparsed, and self-written members (answer.ts). */
  readonly form: AnswerForm;
  /** Whether the operation may leave a backfill pending (a new GSI, a TTL change). */
  readonly startsBackfill: boolean;
}

/** The answer form (answer.ts) of each kind of answer content. */
const ANSWER_FORMS: Readonly<Record<AnswerContent, AnswerForm>> = {
  plain: PLAIN_ANSWER,
  'stored-rows': ROWS_ANSWER,
  'self-written': SELF_WRITTEN_ANSWER,
};

const routes = new Map<string, Route>(
  [...operationRegistry.values()].map((definition) => [
    definition.name,
    {
      operation: definition.name,
      handler: definition.handler,
      validate: requestShapeValidatorOf(definition.name),
      form: ANSWER_FORMS[definition.answer ?? 'plain'],
      startsBackfill: definition.startsBackfill === true,
    },
  ]),
);

/**
 * Closes the in-memory databases that closed engines left for the next in-memory engines
 * of this process to reuse (at most four are kept, each rolled back to an empty database:
 * private-database-pool.ts) and returns how many it closed. Reuse never changes an answer;
 * this gives their memory back, after a test suite, say.
 *
 * @example
 * afterAll(() => closeIdleInMemoryDatabases());
 */
export function closeIdleInMemoryDatabases(): number {
  return closeIdlePooledDatabases();
}

function routeOf(operation: string): Route {
  const route = routes.get(operation);
  if (route === undefined) throw new DynamoDBError('UnknownOperationException', '');
  return route;
}

/**
 * DynamoDB's data plane on SQLite: wire JSON in, an {@link Answer} out.
 *
 * @example
 * const engine = new Engine({ inMemory: true });
 * engine.handle('ListTables', {}); // → { TableNames: [] }
 */
export class Engine {
  readonly context: EngineContext;
  private cloudBehaviour: CloudBehaviour | undefined;
  /** The SQLite file, resolved, for the messages of failures it explains; `undefined` in memory. */
  private readonly path: string | undefined;
  private readonly readOnly: boolean;
  private reaper: NodeJS.Timeout | undefined;
  /** The background reap under way, if any: one at a time, in slices (ttl/reaper.ts). */
  private backgroundReap: Promise<unknown> | undefined;
  /** The backfills under way in the background, if any (backfill/backfills.ts). */
  private backgroundBackfill: Promise<unknown> | undefined;
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
    return handler(this.context, input as CheckedRequest);
  };

  constructor(options: EngineOptions = {}) {
    const now = options.now ?? Date.now;
    // Checked first: options that cannot be used open no database.
    this.cloudBehaviour = options.cloud === undefined ? undefined : new CloudBehaviour(options.cloud);
    this.path = options.inMemory || !options.path ? undefined : resolve(options.path);
    this.readOnly = this.path !== undefined && options.readOnly === true;
    const opened: Storage = openSqliteStorage(
      this.path === undefined ? { inMemory: true, now } : { path: this.path, now, readOnly: this.readOnly },
    );
    const consistency = this.cloudBehaviour && eventualConsistencyOf(this.cloudBehaviour, opened, now);
    // With lags, storage records every item write for the reads that lag (cloud/consistency/).
    const storage = consistency?.storage ?? opened;
    const caches = new EngineCaches();
    this.context = {
      storage,
      consistency,
      caches,
      now,
      streamShardDurationMs: options.streamShardDurationMs,
      cloud: this.cloudBehaviour,
      region: options.region ?? 'us-east-1',
      accountId: options.accountId ?? '000000000000',
    };
    // A read-only engine reaps nothing: reaping writes.
    const interval = this.readOnly ? 0 : (options.ttlReapIntervalMs ?? 5000);
    if (interval > 0) {
      this.reaper = setInterval(() => {
        // A backfill another process left behind (it crashed, or its busy database failed it) is taken up here.
        this.continueBackfills();
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
    // A backfill cut short when the file was last open (the process died, or closed) goes on.
    this.continueBackfills();
  }

  /**
   * The cloud behaviour (docs/cloud-behaviour.md), when `cloud` was given or a fault was
   * injected; `undefined` otherwise, and then none of it runs.
   */
  get cloud(): CloudBehaviour | undefined {
    return this.cloudBehaviour;
  }

  /**
   * Injects faults: each rule names an operation (or `*`), optionally a table, index and
   * key, the error its requests get (with DynamoDB's status, type and message, so the SDK's
   * retry treats it as in the cloud) and how often (`times`, `every`, `probability` drawn
   * from the seed). Rules are checked (`CloudOptionsError` names a wrong one) and added
   * after the ones already in force. Turns the cloud behaviour on if it was off, and with
   * it the SDK's retry in local clients.
   *
   * @example
   * engine.injectFaults([{ operation: 'PutItem', error: 'ThrottlingException', times: 2 }]);
   * engine.faultReport(); // [{ rule, matched: 0, injected: 0 }]
   */
  injectFaults(rules: readonly FaultRule[]): void {
    this.cloudOn().injectFaults(rules);
  }

  /** Removes every injected fault rule, and their counts. */
  clearFaults(): void {
    this.cloudBehaviour?.clearFaults();
  }

  /** Each injected fault rule with how many requests it matched and how many it failed. */
  faultReport(): FaultReport[] {
    return this.cloudBehaviour?.faultReport() ?? [];
  }

  private cloudOn(): CloudBehaviour {
    if (this.cloudBehaviour === undefined) {
      this.cloudBehaviour = new CloudBehaviour({});
      (this.context as { cloud?: CloudBehaviour }).cloud = this.cloudBehaviour;
    }
    return this.cloudBehaviour;
  }

  /**
   * Runs pending backfills (a new GSI, the TTL column after UpdateTimeToLive) in slices in
   * the background, unless that runs already. A busy database only delays them: the
   * reaper's next tick (or the next UpdateTable) starts them again.
   */
  private continueBackfills(): void {
    if (this.backgroundBackfill || this.closed || this.readOnly || !this.context.storage.hasPendingBackfills()) return;
    this.backgroundBackfill = runBackfillsInSlices(this.context, undefined, () => this.closed)
      .catch(() => undefined)
      .finally(() => {
        this.backgroundBackfill = undefined;
        // One started between the last slice and now would otherwise wait for a tick.
        this.continueBackfills();
      });
  }

  /**
   * Answers one operation: the response body as wire objects (`Answer.value`), as JSON
   * text (`Answer.toJson`, the items a read returns as stored copied in as text), or with
   * those items left for a reader of the caller's (`Answer.withStoredItems`). Throws
   * `DynamoDBError` for every error answer (never anything else: an unexpected failure
   * becomes `InternalServerError`).
   *
   * @example
   * const body = engine.answer('ListTables', {}).toJson(); // '{"TableNames":[]}'
   */
  answer(operation: string, input: unknown): Answer {
    const route = routeOf(operation);
    return new Answer(this.run(route, input), route.form);
  }

  /**
   * `answer(operation, input).value()`: the response body as wire objects. Throws as
   * `answer` does.
   *
   * @example
   * engine.handle('ListTables', {}); // → { TableNames: [] }
   */
  handle(operation: string, input: unknown): Record<string, unknown> {
    return this.answer(operation, input).value();
  }

  /**
   * Calls `listener` soon after each write of this engine that added stream records (not
   * within the write; a burst of writes in one synchronous run calls it once), so a stream
   * reader in this process need not poll for them. Writes by other processes sharing the
   * file are not seen. Returns the function that unsubscribes.
   *
   * @example
   * const unsubscribe = engine.onStreamRecordsAppended(() => readStream());
   */
  onStreamRecordsAppended(listener: () => void): () => void {
    return this.context.storage.streams.onAppended(listener);
  }

  /** The operation's answer body; read operations leave items read as stored unparsed (answer.ts). */
  private run(route: Route, input: unknown): Record<string, unknown> {
    // A closed engine's private database may serve another engine now (private-database-pool.ts).
    if (this.closed) throw internalServerError('The database connection is not open');
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw serializationError('Start of structure or map found where not expected');
    }
    try {
      route.validate?.(input);
      const cloud = this.cloudBehaviour;
      const answer =
        cloud === undefined
          ? this.call(route, input)
          : cloud.run(this.context, route.operation, input as Record<string, unknown>, (changed) =>
              this.call(route, changed),
            );
      if (route.startsBackfill) this.continueBackfills();
      return answer;
    } catch (error) {
      if (error instanceof DynamoDBError) throw error;
      throw this.failureAnswer(route.operation, error);
    }
  }

  /** Runs the operation's handler, inside `storage.withinRequest` when storage has it. */
  private call(route: Route, input: object): Record<string, unknown> {
    const storage = this.context.storage;
    if (!storage.withinRequest) return route.handler(this.context, input as CheckedRequest);
    this.pendingHandler = route.handler;
    this.pendingInput = input;
    return storage.withinRequest(this.runPending);
  }

  /**
   * The answer to an unexpected failure: a read-only engine's refusal of a write, or
   * `InternalServerError` whose message names the file when the file explains the failure
   * (damaged, made read-only, …) and whose `cause` is the failure, for a server's log.
   */
  private failureAnswer(operation: string, error: unknown): DynamoDBError {
    if (this.readOnly && isReadOnlyRefusal(error)) {
      return new DynamoDBError(
        'AccessDeniedException',
        `${operation} is not allowed: the database ${this.path} is opened read-only`,
      );
    }
    const fileFailure =
      this.path === undefined
        ? undefined
        : sqliteFileFailure(error, this.path, this.readOnly ? 'read-only' : 'read-write', false);
    const cause = fileFailure ?? error;
    const failure = internalServerError(cause instanceof Error ? cause.message : String(cause));
    failure.cause = cause;
    return failure;
  }

  /**
   * Deletes every item whose TTL has passed, at once, and returns how many. The background
   * reaper (`ttlReapIntervalMs`) does the same work in short slices instead, serving
   * requests between them: see {@link reapExpiredItemsInBackground}.
   */
  reapExpiredItems(): number {
    // The TTL column must be complete first, or a table whose TTL just changed is skipped.
    runBackfills(this.context);
    return reapExpiredItems(this.context);
  }

  /**
   * Finishes, at once, the backfills that UpdateTable (a new GSI: CREATING until then) and
   * UpdateTimeToLive left running in the background, and returns how many slices that took.
   * For a test or a script that wants the index ACTIVE now rather than poll DescribeTable.
   *
   * @example
   * engine.handle('UpdateTable', { TableName: 'jobs', AttributeDefinitions, GlobalSecondaryIndexUpdates });
   * engine.finishBackfills(); // the new index is ACTIVE
   */
  finishBackfills(): number {
    return runBackfills(this.context);
  }

  /**
   * Deletes every item whose TTL has passed in short slices (each one write transaction of
   * at most 500 items or 5 ms), giving the event loop a turn between them, and resolves
   * with how many were deleted. What the background reaper runs on its timer (which skips
   * a table whose TTL column is still being backfilled; this waits for the backfill first).
   *
   * @example
   * const deleted = await engine.reapExpiredItemsInBackground();
   */
  async reapExpiredItemsInBackground(): Promise<number> {
    await this.backfillsDone();
    return reapExpiredItemsInSlices(this.context, undefined, () => this.closed);
  }

  /**
   * Resolves once no backfill is pending: the background work the engine starts on its own
   * after UpdateTable (a new GSI) and UpdateTimeToLive, in slices with requests served in
   * between. Resolves with the work still pending if the engine closes first.
   *
   * @example
   * await engine.backfillsDone(); // every new index is ACTIVE
   */
  async backfillsDone(): Promise<void> {
    while (!this.closed && this.context.storage.hasPendingBackfills()) {
      this.continueBackfills();
      const running = this.backgroundBackfill;
      if (running === undefined) return;
      await running;
    }
  }

  /**
   * Forgets what this engine remembers between requests to answer the next ones sooner
   * (parsed expressions and PartiQL statements, checked request shapes; engine-caches.ts
   * lists them and their bounds). Answers do not change; the next requests do the work again.
   * Each cache is bounded anyway: this is for a long-lived engine that wants memory back.
   *
   * @example
   * engine.clearCaches();
   */
  clearCaches(): void {
    this.context.caches.clear();
  }

  close(): void {
    this.closed = true;
    if (this.reaper) clearInterval(this.reaper);
    this.context.caches.clear();
    this.context.storage.close();
  }
}
