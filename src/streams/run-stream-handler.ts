import { randomUUID } from 'node:crypto';
import type { Engine } from '../engine/engine.js';
import { localEngineOf, type AnyClient } from '../local/client/create-local-client.js';
import type { EngineLike } from '../local/engine-like.js';
import { passesFilterCriteria, type FilterCriteria } from './filter-criteria.js';
import type {
  DynamoDBBatchResponse,
  DynamoDBStreamHandler,
  DynamoDBStreamRecord,
  StreamHandlerContext,
} from './lambda-event.js';
import { ShardReader } from './shard-reader.js';

/** Options of {@link runStreamHandler}, named as Lambda's event source mapping names them. */
export interface StreamHandlerOptions {
  /** A client made by `createLocalClient` (its engine's streams are read), or… */
  readonly client?: AnyClient;
  /** …the engine itself. */
  readonly engine?: EngineLike;
  readonly tableName: string;
  readonly handler: DynamoDBStreamHandler;
  /** Records per invocation at most (Lambda: 1–10,000, default 100). */
  readonly batchSize?: number;
  /** How long to gather records before invoking with fewer than `batchSize` (default 0: at once). */
  readonly maximumBatchingWindowInSeconds?: number;
  readonly startingPosition?: 'TRIM_HORIZON' | 'LATEST';
  /** On a function error, split the batch in two and retry each half (splits do not count as retries). */
  readonly bisectBatchOnFunctionError?: boolean;
  /** Retries of a failed batch before it is discarded (default -1: until the record expires). */
  readonly maximumRetryAttempts?: number;
  /** Records older than this are discarded unhandled (default -1: never). */
  readonly maximumRecordAgeInSeconds?: number;
  /** `['ReportBatchItemFailures']`: the handler may answer `{ batchItemFailures }`. */
  readonly functionResponseTypes?: readonly 'ReportBatchItemFailures'[];
  readonly filterCriteria?: FilterCriteria;
  /** Called with each discarded batch (Lambda's on-failure destination). */
  readonly onFailure?: (failure: StreamHandlerFailure) => void;
  /**
   * How often the stream is polled between drains, in ms (default 50; Lambda polls 4× a
   * second). Writes through the same engine wake the handler at once; polling finds those of
   * other processes sharing the file.
   */
  readonly pollIntervalMs?: number;
  /** Lambda's context `functionName`. Default `local-stream-handler`. */
  readonly functionName?: string;
}

/** A batch given up on: the records, why, and how often the handler was invoked with them. */
export interface StreamHandlerFailure {
  readonly condition: 'RetryAttemptsExhausted' | 'RecordAgeExceeded';
  readonly error: unknown;
  readonly records: readonly DynamoDBStreamRecord[];
  readonly approximateInvokeCount: number;
  readonly shardId: string;
  readonly streamArn: string;
}

export interface RunningStreamHandler {
  /** Resolves once every record written so far has been handled; rejects if a batch was given up on since the last drain. */
  drain(): Promise<void>;
  /** Stops polling (after the invocation in progress). */
  stop(): Promise<void>;
}

/** The handler failed the batch from this record on (`undefined`: the whole batch). */
class BatchFailure extends Error {
  constructor(
    readonly error: unknown,
    readonly fromIndex: number,
  ) {
    super('the batch failed');
  }
}

/**
 * Runs an unchanged Lambda DynamoDB stream handler against a table's local stream, with
 * Lambda's semantics: batches per shard in order, batching window, filter criteria, retries,
 * bisection on error, partial batch failures (`ReportBatchItemFailures`) and maximum record age.
 *
 * @example
 * const client = createLocalClient({ inMemory: true });
 * const running = runStreamHandler({ client, tableName: 'app', handler, startingPosition: 'TRIM_HORIZON' });
 * await documents.send(new PutCommand({ TableName: 'app', Item: { pk: 'JOB#1', sk: 'METADATA' } }));
 * await running.drain(); // the handler has seen the INSERT
 * await running.stop();
 */
export function runStreamHandler(options: StreamHandlerOptions): RunningStreamHandler {
  const engine = options.engine ?? (options.client ? localEngineOf(options.client) : undefined);
  if (!engine) throw new Error('runStreamHandler needs a client made by createLocalClient, or an engine');
  const table = engine.handle('DescribeTable', { TableName: options.tableName }) as {
    Table: { LatestStreamArn?: string };
  };
  const streamArn = table.Table.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);
  const reader = new ShardReader(engine, streamArn, options.startingPosition ?? 'LATEST');
  reader.start();
  const batchSize = options.batchSize ?? 100;
  // Record ages are measured on the engine's clock, which stamped the records.
  const now = (engine as { context?: { now?: () => number } }).context?.now ?? Date.now;
  const windowMs = (options.maximumBatchingWindowInSeconds ?? 0) * 1000;
  const failures: unknown[] = [];
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let windowStarted: number | undefined;

  const context = (): StreamHandlerContext => ({
    functionName: options.functionName ?? 'local-stream-handler',
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${options.functionName ?? 'local-stream-handler'}`,
    memoryLimitInMB: '128',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${options.functionName ?? 'local-stream-handler'}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => 900_000,
  });

  /** Invokes the handler once; throws BatchFailure with the first failed record's index. */
  async function invoke(records: DynamoDBStreamRecord[]): Promise<void> {
    // biome-ignore lint/suspicious/noConfusingVoidType: what a Lambda handler may return (lambda-event.ts)
    let answer: DynamoDBBatchResponse | void | undefined | null;
    try {
      answer = await options.handler({ Records: records }, context());
    } catch (error) {
      throw new BatchFailure(error, 0);
    }
    if (!options.functionResponseTypes?.includes('ReportBatchItemFailures') || !answer) return;
    const failed = answer.batchItemFailures ?? [];
    if (failed.length === 0) return;
    const indexes = failed.map((failure) =>
      records.findIndex((record) => record.dynamodb?.SequenceNumber === failure?.itemIdentifier),
    );
    // An identifier that names no record of the batch fails the whole batch, as in Lambda.
    const from = indexes.some((index) => index < 0) ? 0 : Math.min(...indexes);
    throw new BatchFailure(new Error(`batch item failures from ${records[from].dynamodb?.SequenceNumber}`), from);
  }

  /**
   * Handles `records` (in order) with retries and bisection; returns when each is handled
   * or given up on.
   */
  async function handleBatch(shardId: string, records: DynamoDBStreamRecord[], attempts = 0): Promise<void> {
    let pending = records;
    let invokeCount = attempts;
    for (;;) {
      const maximumAge = options.maximumRecordAgeInSeconds ?? -1;
      if (maximumAge >= 0) {
        const nowSeconds = now() / 1000;
        const expired = pending.filter(
          (record) => nowSeconds - (record.dynamodb?.ApproximateCreationDateTime ?? nowSeconds) > maximumAge,
        );
        if (expired.length > 0) {
          giveUp('RecordAgeExceeded', new Error('record age exceeded'), expired, invokeCount, shardId);
          pending = pending.filter((record) => !expired.includes(record));
          if (pending.length === 0) return;
        }
      }
      try {
        invokeCount++;
        await invoke(pending);
        return;
      } catch (error) {
        const failure = error as BatchFailure;
        pending = pending.slice(failure.fromIndex);
        if (options.bisectBatchOnFunctionError && pending.length > 1) {
          const half = Math.ceil(pending.length / 2);
          await handleBatch(shardId, pending.slice(0, half), invokeCount);
          await handleBatch(shardId, pending.slice(half), invokeCount);
          return;
        }
        const maximumRetries = options.maximumRetryAttempts ?? -1;
        if (maximumRetries >= 0 && invokeCount > maximumRetries) {
          giveUp('RetryAttemptsExhausted', failure.error, pending, invokeCount, shardId);
          return;
        }
      }
    }
  }

  function giveUp(
    condition: StreamHandlerFailure['condition'],
    error: unknown,
    records: DynamoDBStreamRecord[],
    approximateInvokeCount: number,
    shardId: string,
  ): void {
    failures.push(error);
    options.onFailure?.({ condition, error, records, approximateInvokeCount, shardId, streamArn: streamArn as string });
  }

  /** One poll: hands out at most one batch; `true` when it found records (more may wait). */
  async function pollOnce(flush: boolean): Promise<boolean> {
    const batch = reader.peek(batchSize);
    if (!batch || batch.records.length === 0) return false;
    if (!flush && windowMs > 0 && batch.records.length < batchSize) {
      windowStarted ??= Date.now();
      if (Date.now() - windowStarted < windowMs) return false;
    }
    windowStarted = undefined;
    const last = batch.records[batch.records.length - 1].dynamodb?.SequenceNumber as string;
    const chosen = batch.records.filter((record) => passesFilterCriteria(record, options.filterCriteria));
    if (chosen.length > 0) await handleBatch(batch.shardId, chosen);
    reader.advance(batch.shardId, last);
    return true;
  }

  /** Polls until the stream holds nothing unhandled (a drain hands out partial batches at once). */
  function pump(flush: boolean, starting?: () => void): Promise<void> {
    running = running.then(async () => {
      starting?.();
      while (!stopped && (await pollOnce(flush)));
    });
    return running;
  }

  // Polling finds what other processes write to the file; writes through this engine wake
  // the reader at once instead (one poll queued at a time, however many writes come).
  const timer = setInterval(() => {
    pump(false).catch((error: unknown) => failures.push(error));
  }, options.pollIntervalMs ?? 50);
  timer.unref();
  let wakeQueued = false;
  const unsubscribe = subscribeToAppends(engine, () => {
    if (wakeQueued || stopped) return;
    wakeQueued = true;
    pump(false, () => (wakeQueued = false)).catch((error: unknown) => failures.push(error));
  });

  return {
    async drain() {
      await pump(true);
      if (failures.length > 0) {
        const errors = failures.splice(0);
        throw errors.length === 1 ? errors[0] : new AggregateError(errors, `${errors.length} stream batches failed`);
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running.catch(() => undefined);
    },
  };
}

/** Subscribes to the engine's stream appends when it offers them (an `Engine`); a no-op unsubscribe otherwise. */
function subscribeToAppends(engine: EngineLike, listener: () => void): () => void {
  const offering = engine as Partial<Pick<Engine, 'onStreamRecordsAppended'>>;
  return typeof offering.onStreamRecordsAppended === 'function'
    ? offering.onStreamRecordsAppended(listener)
    : () => undefined;
}
