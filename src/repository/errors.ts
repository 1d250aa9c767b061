import type { DesignFinding } from '../model/design-check.js';
import { jsonText } from './json-text.js';
import { driftRemedies, type TableDifference } from './table-drift.js';

/**
 * Typed repository errors. Each has a stable `code` and a `payload` with the facts (the key, the
 * expected and actual state…), so callers branch on `instanceof` or `code`, never on messages.
 *
 * @example
 * try { await jobs.create(job) } catch (e) { if (e instanceof ItemAlreadyExistsError) console.log(e.payload.key) }
 */
export class RepositoryError<Code extends string = string, Payload = unknown> extends Error {
  readonly code: Code;
  readonly payload: Payload;
  /**
   * True when the same call may succeed if made again later (a transaction conflict, a batch
   * the service throttled); false when it would fail the same way (a condition, a validation).
   */
  readonly retryable: boolean;

  constructor(
    code: Code,
    message: string,
    payload: Payload,
    options?: { readonly cause?: unknown; readonly retryable?: boolean },
  ) {
    super(message, options && { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.payload = payload;
    this.retryable = options?.retryable ?? false;
  }
}

/** Identifies one item in error payloads: entity name and primary-key attributes. */
export interface ItemRef {
  readonly entity: string;
  readonly key: Readonly<Record<string, unknown>>;
}

const show = (ref: ItemRef) => `${ref.entity} ${jsonText(ref.key)}`;

/** `create` found an item with the same primary key. */
export class ItemAlreadyExistsError extends RepositoryError<'ItemAlreadyExists', ItemRef> {
  constructor(ref: ItemRef, cause?: unknown) {
    super('ItemAlreadyExists', `${show(ref)} already exists`, ref, { cause });
  }
}

/** The item an update, delete or transition addresses does not exist. */
export class ItemNotFoundError extends RepositoryError<'ItemNotFound', ItemRef> {
  constructor(ref: ItemRef, cause?: unknown) {
    super('ItemNotFound', `${show(ref)} does not exist`, ref, { cause });
  }
}

/** A transition the state machine forbids, or whose expected state is not the stored one. */
export class InvalidTransitionError extends RepositoryError<
  'InvalidTransition',
  ItemRef & {
    readonly expected: string;
    readonly actual: string | undefined;
    readonly next: string;
    readonly reason: 'not-allowed' | 'state-mismatch';
  }
> {
  constructor(
    ref: ItemRef,
    expected: string,
    actual: string | undefined,
    next: string,
    reason: 'not-allowed' | 'state-mismatch',
    cause?: unknown,
  ) {
    const message =
      reason === 'not-allowed'
        ? `${show(ref)}: transition ${expected} → ${next} is not allowed by the state machine`
        : `${show(ref)}: expected state '${expected}' but it is '${actual ?? '(missing)'}', so ${expected} → ${next} was refused`;
    super('InvalidTransition', message, { ...ref, expected, actual, next, reason }, { cause });
  }
}

/** Optimistic locking: the stored version is not the one the caller read. */
export class VersionConflictError extends RepositoryError<
  'VersionConflict',
  ItemRef & { readonly expectedVersion: number; readonly actualVersion: number | undefined }
> {
  constructor(ref: ItemRef, expectedVersion: number, actualVersion: number | undefined, cause?: unknown) {
    super(
      'VersionConflict',
      `${show(ref)}: expected version ${expectedVersion} but it is ${actualVersion ?? '(missing)'}`,
      { ...ref, expectedVersion, actualVersion },
      { cause },
    );
  }
}

/** A caller-supplied condition (`where`) did not hold. */
export class ConditionFailedError extends RepositoryError<
  'ConditionFailed',
  ItemRef & { readonly condition: Readonly<Record<string, unknown>> }
> {
  constructor(ref: ItemRef, condition: Readonly<Record<string, unknown>>, cause?: unknown) {
    super(
      'ConditionFailed',
      `${show(ref)}: condition ${jsonText(condition)} does not hold`,
      { ...ref, condition },
      { cause },
    );
  }
}

/** Attribute values rejected by the entity's schemas, or by the table's empty-string policy. */
export class ValidationError extends RepositoryError<
  'Validation',
  {
    readonly entity: string;
    readonly issues: readonly {
      readonly attribute: string;
      readonly message: string;
      readonly path: readonly PropertyKey[];
    }[];
  }
> {
  constructor(entity: string, issues: ValidationError['payload']['issues']) {
    super('Validation', `${entity}: ${issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; ')}`, {
      entity,
      issues,
    });
  }
}

/** A request the model cannot express safely (changing a key attribute, a status outside `transition`…). */
export class UnsupportedOperationError extends RepositoryError<
  'UnsupportedOperation',
  { readonly entity: string; readonly reason: string }
> {
  constructor(entity: string, reason: string) {
    super('UnsupportedOperation', `${entity}: ${reason}`, { entity, reason });
  }
}

/** A cursor that was altered, is malformed, or belongs to another listing. */
export class InvalidCursorError extends RepositoryError<
  'InvalidCursor',
  { readonly reason: 'malformed' | 'tampered' | 'other-listing' }
> {
  constructor(reason: 'malformed' | 'tampered' | 'other-listing') {
    const text = {
      malformed: 'the cursor is not one this library issued (malformed)',
      tampered: 'the cursor was altered (checksum mismatch)',
      'other-listing': 'the cursor belongs to another listing (different pattern, parameters or table)',
    }[reason];
    super('InvalidCursor', `Invalid cursor: ${text}`, { reason });
  }
}

/** The name and message of a service error, kept in a payload (the error itself is the `cause`). */
export interface ServiceErrorSummary {
  readonly name: string;
  readonly message: string;
}

/**
 * Batch items still unprocessed after every retry: left in `UnprocessedItems`/`UnprocessedKeys`,
 * or refused whole by throttling or a transaction conflict. `lastError` (and `cause`) is the last
 * error the service answered, when the last attempts failed with one. Retryable, later: the
 * leftovers are in `unprocessed`.
 */
export class BatchIncompleteError extends RepositoryError<
  'BatchIncomplete',
  {
    readonly operation: 'BatchWriteItem' | 'BatchGetItem';
    readonly unprocessed: readonly unknown[];
    readonly attempts: number;
    readonly lastError?: ServiceErrorSummary;
  }
> {
  constructor(
    operation: 'BatchWriteItem' | 'BatchGetItem',
    unprocessed: readonly unknown[],
    attempts: number,
    lastError?: unknown,
  ) {
    const summary = lastError === undefined ? undefined : summarize(lastError);
    super(
      'BatchIncomplete',
      `${operation}: ${unprocessed.length} request(s) still unprocessed after ${attempts} attempts${summary ? ` (last error: ${summary.name}: ${summary.message})` : ''}`,
      { operation, unprocessed, attempts, ...(summary ? { lastError: summary } : {}) },
      { cause: lastError, retryable: true },
    );
  }
}

function summarize(error: unknown): ServiceErrorSummary {
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };
}

/** One cancelled transaction action, with the item it addressed. */
export interface CancellationReason {
  readonly index: number;
  readonly action: string;
  readonly item: ItemRef;
  readonly code: string;
  readonly message?: string;
}

/** A transaction DynamoDB cancelled; `reasons` lists only the actions that caused it. */
export class TransactionCancelledError extends RepositoryError<
  'TransactionCancelled',
  { readonly reasons: readonly CancellationReason[] }
> {
  constructor(reasons: readonly CancellationReason[], cause?: unknown) {
    const text = reasons.map((r) => `#${r.index + 1} ${r.action} ${show(r.item)}: ${r.code}`).join('; ');
    super('TransactionCancelled', `Transaction cancelled: ${text || 'no reason given'}`, { reasons }, { cause });
  }
}

/**
 * DynamoDB refused a write because a transaction in flight holds an item it touches:
 * `TransactionConflictException` on a put, update, delete or transition, or a
 * `TransactionCanceledException` whose reasons include `TransactionConflict` (and no failed
 * condition). Nothing was written, so the same call may succeed once the other transaction is
 * done: `retryable` is true. The AWS SDKs do not retry it; a transition retries it itself
 * (bounded, with backoff) and throws this once `attempts` are spent. `items` are the items in
 * conflict; `reasons` (transactions only) each failing action with its code.
 *
 * @example
 * try { await db.transact(actions) } catch (e) { if (e instanceof TransactionConflictError) await later(() => db.transact(actions)) }
 */
export class TransactionConflictError extends RepositoryError<
  'TransactionConflict',
  {
    readonly operation: 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'TransactWriteItems';
    readonly items: readonly ItemRef[];
    readonly reasons: readonly CancellationReason[];
    readonly attempts: number;
  }
> {
  constructor(payload: TransactionConflictError['payload'], cause?: unknown) {
    const tries = payload.attempts === 1 ? '' : ` (${payload.attempts} attempts)`;
    super(
      'TransactionConflict',
      `${payload.operation} of ${payload.items.map(show).join(', ') || 'its items'} conflicts with a transaction in flight${tries}: nothing was written, retry later`,
      payload,
      { cause, retryable: true },
    );
  }
}

/** A table created by `createTableFromModel` that did not become ACTIVE within the wait. */
export class TableNotActiveError extends RepositoryError<
  'TableNotActive',
  { readonly tableName: string; readonly lastStatus: string | undefined; readonly timeoutMs: number }
> {
  constructor(tableName: string, lastStatus: string | undefined, timeoutMs: number) {
    super(
      'TableNotActive',
      `Table ${tableName} is not ACTIVE after ${timeoutMs} ms (last status: ${lastStatus ?? 'unknown'})`,
      { tableName, lastStatus, timeoutMs },
    );
  }
}

/** How many design findings a {@link DesignCheckFailedError} message quotes before counting the rest. */
const quotedFindings = 3;

/**
 * A repository was asked for a model whose design check fails: an access pattern no key serves
 * would otherwise return nothing, silently, when queried. `payload.problems` lists every finding.
 */
export class DesignCheckFailedError extends RepositoryError<
  'DesignCheckFailed',
  { readonly tableName: string; readonly problems: readonly DesignFinding[] }
> {
  constructor(tableName: string, problems: readonly DesignFinding[]) {
    const quoted = problems
      .slice(0, quotedFindings)
      .map(({ pattern, reason }) =>
        pattern === '(model)' ? `the model ${reason}` : `access pattern '${pattern}' is not served: ${reason}`,
      );
    const rest = problems.length - quoted.length;
    super(
      'DesignCheckFailed',
      `The model of table '${tableName}' fails the design check: ${quoted.join('; ')}${rest > 0 ? `; and ${rest} more` : ''}. ` +
        "Fix the model (`monotable design check <model module>` lists every finding), or pass { designCheck: 'skip' } in a tool that must open the table anyway.",
      { tableName, problems },
    );
  }
}

/**
 * An existing table that differs from its model (`createTableFromModel` with `ifExists: 'check'`,
 * `ensureModelTable`, `monotable infra create-table`). `payload.differences` lists every one; the
 * message lists them too, with what applies them today.
 */
export class TableDriftError extends RepositoryError<
  'TableDrift',
  { readonly tableName: string; readonly differences: readonly TableDifference[] }
> {
  constructor(tableName: string, differences: readonly TableDifference[]) {
    const count = `${differences.length} difference${differences.length === 1 ? '' : 's'}`;
    const lines = [
      `Table ${tableName} does not match the model (${count}):`,
      ...differences.map((difference) => `  - ${difference.description}`),
      'monotable does not change existing tables yet; what applies these today:',
      ...driftRemedies(differences).map((remedy) => `  - ${remedy}`),
      'The AWS CLI reaches `monotable serve` and DynamoDB Local with `--endpoint-url`.',
    ];
    super('TableDrift', lines.join('\n'), { tableName, differences });
  }
}
