import type { StatementCache } from '../partiql/statement-cache.js';
import type { Storage } from '../storage/storage.js';

/** What every operation handler may use: the storage and the engine's clock. */
export interface EngineContext {
  readonly storage: Storage;
  /** Milliseconds since the epoch; injectable so tests can move time (TTL, tokens). */
  readonly now: () => number;
  /** Used in ARNs (`arn:aws:dynamodb:<region>:<account>:table/<name>`). */
  readonly region: string;
  readonly accountId: string;
  /** PartiQL statements parsed so far, by text (bounded); absent, statements are parsed on every call. */
  readonly partiqlStatements?: StatementCache;
  /** How long a stream shard stays open before a child shard takes over (ms); default four hours. */
  readonly streamShardDurationMs?: number;
}

/**
 * One DynamoDB API operation: wire JSON in (already checked against the request shape),
 * wire JSON out. Throws `DynamoDBError` for every answer that is an error.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OperationHandler = (context: EngineContext, input: any) => Record<string, unknown>;
