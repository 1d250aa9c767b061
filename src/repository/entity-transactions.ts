import type { EntityDefinition, EntityInput, EntityItem, EntityKey } from '../model/entity.js';
import { UnsupportedOperationError, type ItemRef } from './errors.js';
import { equalityConditions, ExpressionPlaceholders } from './expression-placeholders.js';
import { keyParamsOf, primaryKeyOf } from './item-codec.js';
import type { RepositoryContext, TransitionChange, UpdateChanges, WriteConditions } from './entity-repository.js';
import { buildDeleteRequest } from './requests/delete-request.js';
import { buildPutRequest, type PutRequestOptions } from './requests/put-request.js';
import { tryBuildUpdateRequest, type UpdatePlan } from './requests/update-request.js';
import type { TransactAction } from './transactions.js';
import { checkExpectedVersion, planTransition, planUpdate, validateEntityInput } from './write-plans.js';

type Loose = Record<string, unknown>;

/** The members of an UpdateItem request that a transaction's Update takes (it has no ReturnValues). */
const TRANSACT_UPDATE_MEMBERS = [
  'TableName',
  'Key',
  'UpdateExpression',
  'ConditionExpression',
  'ExpressionAttributeNames',
  'ExpressionAttributeValues',
] as const;

/**
 * Builders of transaction actions for one entity (validated like the single-item operations).
 *
 * @example
 * await db.transact([
 *   jobs.transaction.transition({ id }, { from: 'running', to: 'succeeded' }),
 *   reports.transaction.create({ jobId: id, summary: 'done' }),
 * ]);
 */
export class EntityTransactions<E extends EntityDefinition> {
  constructor(
    private readonly entity: E,
    private readonly context: RepositoryContext,
  ) {}

  /** Put that requires the key to be free. */
  async create(input: EntityInput<E>): Promise<TransactAction> {
    return this.putAction(input, { mustNotExist: true });
  }

  /** Put that replaces any stored item. */
  async put(input: EntityInput<E>, options: { readonly expectedVersion?: number } = {}): Promise<TransactAction> {
    return this.putAction(input, options);
  }

  /**
   * Partial update (the values the moved index keys depend on must be among the changes). Refuses
   * key, state and version attributes like `EntityRepository.update`.
   */
  async update(
    key: EntityKey<E>,
    changes: UpdateChanges<E>,
    conditions: WriteConditions<E> = {},
  ): Promise<TransactAction> {
    return this.updateAction(key as Loose, await planUpdate(this.entity, changes, conditions));
  }

  /** State transition as a conditional update inside the transaction. */
  async transition(key: EntityKey<E>, change: TransitionChange<E>): Promise<TransactAction> {
    return this.updateAction(key as Loose, await planTransition(this.entity, key as Loose, change));
  }

  /** Delete, conditional when asked. */
  async delete(key: EntityKey<E>, conditions: WriteConditions<E> = {}): Promise<TransactAction> {
    checkExpectedVersion(this.entity, conditions.expectedVersion);
    const { TableName, Key, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } =
      buildDeleteRequest(
        this.context.tableName,
        this.entity,
        key as Loose,
        conditions as { where?: Loose; expectedVersion?: number },
      );
    return this.action('Delete', key as Loose, {
      Delete: { TableName, Key, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues },
    });
  }

  /** A condition on another item that must hold for the transaction to commit (it must exist, and match `where`). */
  async check(key: EntityKey<E>, where: Partial<EntityItem<E>> = {}): Promise<TransactAction> {
    const attributes = new ExpressionPlaceholders();
    const conditions = [
      `attribute_exists(${attributes.name(this.entity.table.partitionKey)})`,
      ...equalityConditions(attributes, where as Loose),
    ];
    return this.action('ConditionCheck', key as Loose, {
      ConditionCheck: {
        TableName: this.context.tableName,
        Key: primaryKeyOf(this.entity, key as Loose),
        ConditionExpression: conditions.join(' AND '),
        ...attributes.toInput(),
      },
    });
  }

  private async putAction(input: EntityInput<E>, options: Omit<PutRequestOptions, 'nowMs'>): Promise<TransactAction> {
    checkExpectedVersion(this.entity, options.expectedVersion);
    const item = await validateEntityInput(this.entity, input as Loose);
    const request = buildPutRequest(this.context.tableName, this.entity, item, {
      nowMs: this.context.now(),
      ...options,
    });
    const { TableName, Item, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = request;
    return this.action('Put', item, {
      Put: { TableName, Item, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues },
    });
  }

  private updateAction(key: Loose, plan: UpdatePlan): TransactAction {
    const built = tryBuildUpdateRequest(this.context.tableName, this.entity, key, plan, { nowMs: this.context.now() });
    if (!built.ok) {
      throw new UnsupportedOperationError(
        this.entity.name,
        `inside a transaction, pass ${built.missing.join(', ')} too: the index keys depend on them`,
      );
    }
    const update = Object.fromEntries(TRANSACT_UPDATE_MEMBERS.map((member) => [member, built.request[member]]));
    return this.action('Update', key, { Update: update } as TransactAction['request']);
  }

  private action(action: TransactAction['action'], values: Loose, request: Loose): TransactAction {
    // Drop undefined members: the service rejects a null ConditionExpression.
    const clean = Object.fromEntries(
      Object.entries(request).map(([k, v]) => [
        k,
        Object.fromEntries(Object.entries(v as Loose).filter(([, inner]) => inner !== undefined)),
      ]),
    );
    return { action, item: this.ref(values), request: clean as TransactAction['request'] };
  }

  private ref(values: Loose): ItemRef {
    return { entity: this.entity.name, key: keyParamsOf(this.entity, values) };
  }
}
