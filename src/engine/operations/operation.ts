import type { CloudBehaviour } from '../cloud/cloud-behaviour.js';
import type { EventualConsistency } from '../cloud/consistency/eventual-consistency.js';
import type { EngineCaches } from '../engine-caches.js';
import type { StructureShape } from '../validation/shape.js';
import type { Storage } from '../storage/storage.js';

/** What every operation handler may use: the storage and the engine's clock. */
export interface EngineContext {
  readonly storage: Storage;
  /** Milliseconds since the epoch; injectable so tests can move time (TTL, tokens). */
  readonly now: () => number;
  /** Used in ARNs (`arn:aws:dynamodb:<region>:<account>:table/<name>`). */
  readonly region: string;
  readonly accountId: string;
  /** What the engine remembers between requests, and its reused scratch space (engine-caches.ts). */
  readonly caches: EngineCaches;
  /** How long a stream shard stays open before a child shard takes over (ms); default four hours. */
  readonly streamShardDurationMs?: number;
  /** The engine's cloud behaviour (cloud/cloud-behaviour.ts); `undefined` when off, the default. */
  readonly cloud?: CloudBehaviour;
  /**
   * Eventually consistent reads (cloud/consistency/), when the cloud behaviour sets a lag:
   * reads choose their view with `consistency.reads`. `undefined` (the default): every read sees
   * every write at once.
   */
  readonly consistency?: EventualConsistency;
}

/**
 * One DynamoDB API operation: wire JSON in (already checked against the request shape),
 * wire JSON out. Throws `DynamoDBError` for every answer that is an error. `Request` is the
 * operation's request as its handler reads it; a registry of handlers of several operations
 * holds them as `OperationHandler` (request `never`), which every typed handler is.
 */
export type OperationHandler<Request extends object = never> = (
  context: EngineContext,
  input: Request,
) => Record<string, unknown>;

/**
 * A request handed to a handler chosen at run time (`input as CheckedRequest`): one the dispatcher
 * has checked against the operation's request shape (the registry pairs each handler with its
 * shape), or one the PartiQL translator built for the operation it compiled a statement to. The
 * check or the translator is what gives the request its handler's type; the cast marks the few
 * calls that rely on it, and costs nothing at run time.
 */
export type CheckedRequest = never;

/**
 * What an answer may hold beyond plain wire objects (answer.ts): `stored-rows`, items as
 * storage keeps them, unparsed; `self-written`, members that write themselves (and stored rows).
 */
export type AnswerContent = 'plain' | 'stored-rows' | 'self-written';

/**
 * One operation, defined in one place: its name, its request shape, its handler and what the
 * engine must know to run it. Each operation's file exports one (`defineOperation`);
 * `operations/registry.ts` lists them, and a test checks that it lists every one.
 */
export interface OperationDefinition {
  /** DynamoDB's name (`GetItem`); a DynamoDB Streams operation's full `X-Amz-Target` (`DynamoDBStreams_20120810.GetRecords`). */
  readonly name: string;
  /** The request shape checked before the handler runs (validation/request-shape.ts); absent for DynamoDB Streams. */
  readonly shape: StructureShape | undefined;
  readonly handler: OperationHandler;
  /** What the answer may hold beyond wire objects; `plain` when absent. */
  readonly answer?: AnswerContent;
  /** Whether the operation may leave a backfill pending (a new GSI, a TTL change: storage/backfill-progress.ts). */
  readonly startsBackfill?: boolean;
}

/** An operation's definition, with its handler typed by its own request (see {@link OperationDefinition}). */
export function defineOperation<Request extends object>(
  definition: Omit<OperationDefinition, 'handler'> & { readonly handler: OperationHandler<Request> },
): OperationDefinition {
  return definition as OperationDefinition;
}
