/**
 * The options of the engine's opt-in cloud behaviour (`new Engine({ cloud })`,
 * `createLocalClient({ cloud })`, `monotable serve --cloud <file.json>`): what DynamoDB
 * does that a local engine otherwise hides. Off by default; docs/cloud-behaviour.md
 * describes each behaviour and the facts behind it.
 */

/** A duration in ms: a fixed figure, or `[min, max]` drawn (uniformly, from the seed) each time it is needed. */
export type DurationMs = number | readonly [min: number, max: number];

/** The errors a fault rule can inject: each answered with DynamoDB's status, type and message. */
export type FaultErrorName =
  | 'ProvisionedThroughputExceededException'
  | 'ThrottlingException'
  | 'RequestLimitExceeded'
  | 'TransactionConflictException'
  | 'InternalServerError'
  | 'ServiceUnavailable'
  | 'TransactionCanceledException';

/** The cancellation reason codes an injected `TransactionCanceledException` can give. */
export type CancellationReasonCode =
  | 'TransactionConflict'
  | 'ConditionalCheckFailed'
  | 'ItemCollectionSizeLimitExceeded'
  | 'ProvisionedThroughputExceeded'
  | 'ThrottlingError';

/**
 * One injected fault: which requests it matches and the error they get instead of an answer.
 * Without `times`, `every` or `probability`, every matching request fails.
 *
 * @example
 * { operation: 'TransactWriteItems', error: 'TransactionCanceledException', reason: 'TransactionConflict', times: 1 }
 * { operation: 'GetItem', table: 'jobs', key: { pk: { S: 'JOB#1' } }, error: 'ThrottlingException', every: 3 }
 */
export interface FaultRule {
  /** An operation's name (`PutItem`, `Query`, …) or `*` for every operation. */
  readonly operation: string;
  /** Only requests on this table (for batches and transactions: touching it). */
  readonly table?: string;
  /** Only Query and Scan requests on this index. */
  readonly index?: string;
  /**
   * Only requests touching an item whose attributes include these, in wire form
   * (`{ pk: { S: 'JOB#1' } }`): the `Key` of GetItem, UpdateItem, DeleteItem, the key
   * attributes of PutItem's `Item`, a batch's or transaction's items.
   */
  readonly key?: Readonly<Record<string, unknown>>;
  readonly error: FaultErrorName;
  /** For `TransactionCanceledException`: the code given at each matching action (`None` elsewhere). */
  readonly reason?: CancellationReasonCode;
  /** Fail the first `times` matching requests, then stop matching. */
  readonly times?: number;
  /** Fail every `every`-th matching request (the 3rd, 6th, … for `every: 3`). */
  readonly every?: number;
  /** Fail each matching request with this probability, drawn from the seed. */
  readonly probability?: number;
}

/** Eventually consistent reads: how long a change takes to reach the reads that may lag. */
export interface ConsistencyOptions {
  /** Until a change is this old, eventually consistent base-table reads answer the item as it was before it. */
  readonly replicationLagMs?: DurationMs;
  /** Until a change is this old, global secondary index reads answer the index as it was before it. */
  readonly indexLagMs?: DurationMs;
}

/** Transaction conflicts: a transaction stays in flight on its items for a while after it starts. */
export interface TransactionOptions {
  /** How long, on the engine's clock, a transaction is in flight from its start. */
  readonly inFlightMs: DurationMs;
}

/**
 * Capacity metering (`capacity: true` for the service's figures, or an object overriding
 * them). Today: the per-partition limits of single-item reads and writes on a table.
 */
export interface CapacityOptions {
  /** Read units per second one partition key value of a table serves. Default 3,000, as the service. */
  readonly partitionReadUnits?: number;
  /** Write units per second one partition key value of a table serves. Default 1,000, as the service. */
  readonly partitionWriteUnits?: number;
}

/**
 * The cloud behaviour of one engine. Everything is driven by the engine's clock and
 * `seed`, so a test with an injected clock is deterministic and never sleeps.
 *
 * @example
 * new Engine({ inMemory: true, now, cloud: { seed: 7, consistency: { indexLagMs: [50, 200] }, transactions: { inFlightMs: 100 } } });
 */
export interface CloudOptions {
  /** Seeds every random draw (lags, fault probabilities). Default 0. */
  readonly seed?: number;
  /** `realistic`: the service's typical figures (docs/cloud-behaviour.md); options given beside it win. */
  readonly profile?: 'realistic';
  readonly consistency?: ConsistencyOptions;
  readonly transactions?: TransactionOptions;
  /** Capacity metering: `true` for the service's figures, or an object overriding them. */
  readonly capacity?: boolean | CapacityOptions;
  /** Faults injected from the start; `engine.injectFaults` adds more. */
  readonly faults?: readonly FaultRule[];
}
