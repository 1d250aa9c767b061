import type { CloudBehaviour } from '../cloud/cloud-behaviour.js';
import type { EngineCaches } from '../engine-caches.js';
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
