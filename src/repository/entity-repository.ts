import type { EntityDefinition, EntityInput, EntityItem, EntityKey, EntityState } from '../model/entity.js';
import type { AccessPatternDefinition, ModelDefinition } from '../model/model.js';
import { batchGet, keyId } from './batch-get.js';
import { batchWrite, type BatchReport, type WriteRequest } from './batch-write.js';
import { failedConditionItem, isConditionalCheckFailed } from './condition-failure.js';
import {
  ConditionFailedError,
  InvalidTransitionError,
  ItemAlreadyExistsError,
  ItemNotFoundError,
  TransactionConflictError,
  UnsupportedOperationError,
  VersionConflictError,
  type ItemRef,
} from './errors.js';
import { fromStoredItem, keyParamsOf, primaryKeyOf } from './item-codec.js';
import type { QueryContext } from './pattern-query.js';
import { buildDeleteRequest } from './requests/delete-request.js';
import { buildGetRequest } from './requests/get-request.js';
import { buildPutRequest } from './requests/put-request.js';
import { tryBuildUpdateRequest, type UpdatePlan } from './requests/update-request.js';
import { retryConflicts, type RetryOptions } from './retry.js';
import { isTransactionConflictException } from './service-errors.js';
import { EntityTransactions } from './entity-transactions.js';
import { checkExpectedVersion, planTransition, planUpdate, validateEntityInput } from './write-plans.js';

/** Everything a repository needs: where to send, the clock (TTL), retries, cursors. */
export interface RepositoryContext extends QueryContext {
  readonly now: () => number;
  readonly retry: RetryOptions;
}

type Types<E extends EntityDefinition> = NonNullable<E['~types']>;
type OptionalNames<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T];
type Fixed<E extends EntityDefinition> = Types<E>['keyNames'] | Types<E>['stateAttribute'] | Types<E>['version'];

/** A partial update: attributes to set (keys and the state attribute excluded) and optional ones to remove. */
export interface UpdateChanges<E extends EntityDefinition> {
  readonly set?: Partial<Omit<EntityInput<E>, Fixed<E>>>;
  readonly remove?: readonly Exclude<OptionalNames<EntityItem<E>>, Fixed<E>>[];
}

/** Conditions of a write: equality on stored attributes, and the version read (optimistic locking). */
export interface WriteConditions<E extends EntityDefinition> {
  readonly where?: Partial<EntityItem<E>>;
  readonly expectedVersion?: number;
}

/** A state change: from the state the caller believes the item is in, to the next one. */
export interface TransitionChange<E extends EntityDefinition> {
  readonly from: EntityState<E>;
  readonly to: EntityState<E>;
  /** Other attributes written in the same conditional write. */
  readonly set?: Partial<Omit<EntityInput<E>, Fixed<E>>>;
}

type Loose = Record<string, unknown>;

/**
 * The typed repository of one entity: create, get, update, delete, transitions, batches. A write
 * that meets a transaction in flight on its item fails with {@link TransactionConflictError}
 * (retryable; a transition retries it itself first).
 *
 * @example
 * const jobs = db.entity('job');
 * await jobs.create({ id: '1', title: 'Survey', createdAt: new Date().toISOString() });
 * await jobs.transition({ id: '1' }, { from: 'queued', to: 'running' });
 */
export class EntityRepository<E extends EntityDefinition> {
  /** Builders of transaction actions for this entity, for `TableRepository.transact`. */
  readonly transaction: EntityTransactions<E>;
  private readonly getLabel: string;
  /** The declared `consistentRead` of the pattern that gets one item of this entity, if any. */
  private readonly getConsistent: boolean;

  constructor(
    readonly entity: E,
    private readonly context: RepositoryContext,
  ) {
    this.transaction = new EntityTransactions(entity, context);
    const getPattern = singleItemPattern(context.model, entity);
    this.getLabel = getPattern?.name ?? `${entity.name}.get`;
    this.getConsistent = getPattern?.config.consistentRead ?? false;
  }

  /** Creates the item; fails with {@link ItemAlreadyExistsError} when its key is taken. */
  async create(input: EntityInput<E>): Promise<EntityItem<E>> {
    const item = await validateEntityInput(this.entity, input as Loose);
    const request = buildPutRequest(this.context.tableName, this.entity, item, {
      nowMs: this.context.now(),
      mustNotExist: true,
    });
    try {
      await this.context.sender.put(`${this.entity.name}.create`, request);
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new ItemAlreadyExistsError(this.ref(item), error);
      throw this.conflictOr(error, 'PutItem', item);
    }
    return fromStoredItem(this.entity, request.Item) as EntityItem<E>;
  }

  /** Writes the whole item, replacing any stored one (`expectedVersion` makes it conditional). */
  async put(input: EntityInput<E>, options: { readonly expectedVersion?: number } = {}): Promise<EntityItem<E>> {
    checkExpectedVersion(this.entity, options.expectedVersion);
    const item = await validateEntityInput(this.entity, input as Loose);
    const request = buildPutRequest(this.context.tableName, this.entity, item, {
      nowMs: this.context.now(),
      ...options,
    });
    try {
      await this.context.sender.put(`${this.entity.name}.put`, request);
    } catch (error) {
      if (isConditionalCheckFailed(error) && options.expectedVersion !== undefined) {
        const stored = await this.diagnose(error, item);
        if (!stored) throw new ItemNotFoundError(this.ref(item), error);
        throw new VersionConflictError(this.ref(item), options.expectedVersion, this.versionOf(stored), error);
      }
      throw this.conflictOr(error, 'PutItem', item);
    }
    return fromStoredItem(this.entity, request.Item) as EntityItem<E>;
  }

  /**
   * Reads one item: eventually consistent, as DynamoDB's default, unless `consistent: true` (or
   * the access pattern that gets this entity by its key declares `consistentRead`). Right after a
   * write, only a consistent read is sure to see it — poll a job you just created with one.
   *
   * @example
   * await jobs.create({ id: 'j1', title: 'Survey', createdAt });
   * (await jobs.get({ id: 'j1' }, { consistent: true }))?.status; // 'queued', even on DynamoDB
   */
  async get(key: EntityKey<E>, options: { readonly consistent?: boolean } = {}): Promise<EntityItem<E> | undefined> {
    const stored = await this.getStored(key as Loose, options.consistent ?? this.getConsistent);
    return stored ? (fromStoredItem(this.entity, stored) as EntityItem<E>) : undefined;
  }

  /**
   * Partial update under conditions; index keys and TTL that depend on changed attributes move with
   * them. Fails with {@link ItemNotFoundError}, {@link VersionConflictError} or {@link ConditionFailedError};
   * changing a key, state or version attribute is refused with {@link UnsupportedOperationError}.
   */
  async update(
    key: EntityKey<E>,
    changes: UpdateChanges<E>,
    conditions: WriteConditions<E> = {},
  ): Promise<EntityItem<E>> {
    const plan = await planUpdate(this.entity, changes, conditions);
    try {
      return await this.sendUpdate(`${this.entity.name}.update`, key as Loose, plan, (stored, error) =>
        this.conditionFailure(key as Loose, conditions, stored, error),
      );
    } catch (error) {
      throw this.conflictOr(error, 'UpdateItem', key as Loose);
    }
  }

  /**
   * Moves the item from state `from` to `to` in one conditional write that the database enforces,
   * moving the index keys with the state. Fails with {@link InvalidTransitionError} (naming the item,
   * the expected and the actual state) or {@link ItemNotFoundError}. A write that meets a
   * transaction in flight on the item is sent again with backoff (the `retry` options; the
   * condition makes that safe), and fails with {@link TransactionConflictError} when every
   * attempt did.
   */
  async transition(key: EntityKey<E>, change: TransitionChange<E>): Promise<EntityItem<E>> {
    const plan = await planTransition(this.entity, key as Loose, change);
    const { attribute, value: from } = plan.expectedState;
    const ref = this.ref(key as Loose);
    const write = () =>
      this.sendUpdate(`${this.entity.name}.transition`, key as Loose, plan, (stored, error) => {
        if (!stored) return new ItemNotFoundError(ref, error);
        return new InvalidTransitionError(
          ref,
          from,
          stored[attribute] as string | undefined,
          change.to as string,
          'state-mismatch',
          error,
        );
      });
    return retryConflicts(
      this.context.retry,
      write,
      (conflict, attempts) =>
        new TransactionConflictError({ operation: 'UpdateItem', items: [ref], reasons: [], attempts }, conflict),
    );
  }

  /** Deletes the item; returns what was stored (undefined if nothing was). Conditional when asked. */
  async delete(key: EntityKey<E>, conditions: WriteConditions<E> = {}): Promise<EntityItem<E> | undefined> {
    checkExpectedVersion(this.entity, conditions.expectedVersion);
    const request = buildDeleteRequest(
      this.context.tableName,
      this.entity,
      key as Loose,
      conditions as { where?: Loose; expectedVersion?: number },
    );
    try {
      const output = await this.context.sender.delete(`${this.entity.name}.delete`, request);
      return output.Attributes ? (fromStoredItem(this.entity, output.Attributes) as EntityItem<E>) : undefined;
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw this.conflictOr(error, 'DeleteItem', key as Loose);
      throw this.conditionFailure(key as Loose, conditions, await this.diagnose(error, key as Loose), error);
    }
  }

  /** Writes many items (blind puts) in chunks of 25 with retry of unprocessed items. */
  async batchPut(inputs: readonly EntityInput<E>[]): Promise<BatchReport> {
    const nowMs = this.context.now();
    const requests: WriteRequest[] = [];
    for (const input of inputs) {
      const item = await validateEntityInput(this.entity, input as Loose);
      requests.push({
        PutRequest: { Item: buildPutRequest(this.context.tableName, this.entity, item, { nowMs }).Item },
      });
    }
    return batchWrite(
      this.context.sender,
      `${this.entity.name}.batchPut`,
      this.context.tableName,
      requests,
      this.context.retry,
    );
  }

  /** Deletes many items in chunks of 25 with retry of unprocessed items. */
  async batchDelete(keys: readonly EntityKey<E>[]): Promise<BatchReport> {
    const requests: WriteRequest[] = keys.map((key) => ({
      DeleteRequest: { Key: primaryKeyOf(this.entity, key as Loose) },
    }));
    return batchWrite(
      this.context.sender,
      `${this.entity.name}.batchDelete`,
      this.context.tableName,
      requests,
      this.context.retry,
    );
  }

  /** Reads many items in chunks of 100 with retry; items come back in the order of `keys` (missing ones left out). */
  async batchGet(
    keys: readonly EntityKey<E>[],
    options: { readonly consistent?: boolean } = {},
  ): Promise<{ items: EntityItem<E>[]; report: BatchReport }> {
    const rendered = keys.map((key) => primaryKeyOf(this.entity, key as Loose));
    const { items, report } = await batchGet(
      this.context.sender,
      `${this.entity.name}.batchGet`,
      this.context.tableName,
      rendered,
      this.context.retry,
      options,
    );
    const { partitionKey, sortKey } = this.entity.table;
    const byKey = new Map(
      items.map((item) => [keyId({ [partitionKey]: item[partitionKey], [sortKey]: item[sortKey] }), item]),
    );
    const ordered = rendered.flatMap((key) => {
      const found = byKey.get(keyId(key));
      return found ? [fromStoredItem(this.entity, found) as EntityItem<E>] : [];
    });
    return { items: ordered, report };
  }

  /**
   * Sends an update; a failed condition becomes the error `explain` derives from the stored item
   * (undefined when there is none).
   */
  private async sendUpdate(
    label: string,
    key: Loose,
    plan: UpdatePlan,
    explain: (stored: Loose | undefined, error: unknown) => Error,
  ): Promise<EntityItem<E>> {
    let built = tryBuildUpdateRequest(this.context.tableName, this.entity, key, plan, { nowMs: this.context.now() });
    if (!built.ok) {
      // The new index keys depend on attributes the caller did not pass: read them, then write
      // under the same conditions (the condition still guards against a concurrent change).
      const current = await this.getStored(key, true);
      if (!current) throw explain(undefined, undefined);
      built = tryBuildUpdateRequest(this.context.tableName, this.entity, key, plan, {
        nowMs: this.context.now(),
        current: fromStoredItem(this.entity, current),
      });
      // With the stored item every attribute is known, so this only happens if the builder changes.
      if (!built.ok)
        throw new UnsupportedOperationError(
          this.entity.name,
          `the update needs ${built.missing.join(', ')}, which the stored item lacks`,
        );
    }
    const request = built.request;
    try {
      const output = await this.context.sender.update(label, request);
      return fromStoredItem(this.entity, output.Attributes ?? {}) as EntityItem<E>;
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      throw explain(await this.diagnose(error, key), error);
    }
  }

  private async getStored(key: Loose, consistent: boolean): Promise<Loose | undefined> {
    const request = buildGetRequest(this.context.tableName, this.entity, key, { consistent });
    const output = await this.context.sender.get(this.getLabel, request);
    return output.Item as Loose | undefined;
  }

  /** The stored item behind a failed condition: from the error when returned, else a consistent read. */
  private async diagnose(error: { Item?: Record<string, unknown> }, key: Loose): Promise<Loose | undefined> {
    return failedConditionItem(error) ?? (await this.getStored(key, true));
  }

  /** Why a conditional update or delete failed: no item, another version, or `where` did not hold. */
  private conditionFailure(
    key: Loose,
    conditions: WriteConditions<E>,
    stored: Loose | undefined,
    cause: unknown,
  ): Error {
    const ref = this.ref(key);
    if (!stored) return new ItemNotFoundError(ref, cause);
    const actualVersion = this.versionOf(stored);
    if (conditions.expectedVersion !== undefined && actualVersion !== conditions.expectedVersion) {
      return new VersionConflictError(ref, conditions.expectedVersion, actualVersion, cause);
    }
    return new ConditionFailedError(ref, (conditions.where ?? {}) as Loose, cause);
  }

  /** `error` as a {@link TransactionConflictError} when the write met a transaction in flight, else as it is. */
  private conflictOr(error: unknown, operation: 'PutItem' | 'UpdateItem' | 'DeleteItem', values: Loose): unknown {
    if (!isTransactionConflictException(error)) return error;
    return new TransactionConflictError({ operation, items: [this.ref(values)], reasons: [], attempts: 1 }, error);
  }

  private versionOf(stored: Loose): number | undefined {
    const value = this.entity.version ? stored[this.entity.version] : undefined;
    return typeof value === 'number' ? value : undefined;
  }

  private ref(values: Loose): ItemRef {
    return { entity: this.entity.name, key: keyParamsOf(this.entity, values) };
  }
}

/** The access pattern that reads exactly one item of this entity by its full key, if declared. */
function singleItemPattern(model: ModelDefinition, entity: EntityDefinition): AccessPatternDefinition | undefined {
  const patterns = Object.values(model.accessPatterns as Readonly<Record<string, AccessPatternDefinition>>);
  const readsOneItem = ({ config, keyCondition }: AccessPatternDefinition) =>
    config.index === undefined &&
    config.entities.length === 1 &&
    config.entities[0] === entity.name &&
    keyCondition?.sk?.operator === 'equals';
  return patterns.find(readsOneItem);
}
