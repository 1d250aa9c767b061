import { conditionalCheckFailed, validationError, type DynamoDBError } from '../errors.js';
import { consumedCapacity } from '../capacity/index.js';
import {
  applyUpdateToItem,
  checkKeyAttributesUntouched,
  evaluationOrder,
  evaluateCondition,
  projectItem,
  updateHasNestedPath,
  updatePaths,
  type ConditionNode,
  type DocumentPath,
  type UpdateNode,
} from '../expressions/index.js';
import type { EngineContext } from '../operations/operation.js';
import { writeUsage, type CapacityMode } from '../capacity/capacity-usage.js';
import { assertKeyPathsScalar } from '../keys/key-paths.js';
import { keyAttributeNames, validateIndexKeys } from '../keys/table-keys.js';
import type { Storage, StoredItem, StoredTableDefinition } from '../storage/storage.js';

import type { Item } from '../values/attribute-value.js';
import { itemSize, maximumItemSize } from '../values/index.js';
import { UpdateNestingError, updateNestsTooDeep } from '../values/nesting-levels.js';
import { itemCollectionMetrics } from './item-collection-metrics.js';

/*
 * The write pipeline: a request becomes a PreparedWrite (prepare-write.ts); here it is
 * evaluated against the stored item (condition, update) and committed, inside the write
 * transaction storage opens. Every item write of the engine (PutItem, UpdateItem,
 * DeleteItem, BatchWriteItem, TransactWriteItems and PartiQL's writes) runs through
 * `evaluateWrite` and `commitWrite`; the single-item operations run through `runSingleWrite`.
 */

export type WriteKind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';

/**
 * One write, validated and parsed, ready to run against the stored item. PutItem,
 * UpdateItem, DeleteItem, BatchWriteItem and every TransactWriteItems action become one.
 */
export interface PreparedWrite {
  readonly kind: WriteKind;
  readonly tableName: string;
  readonly table: StoredTableDefinition;
  /** The primary key, canonical (numbers as DynamoDB stores them). */
  readonly key: Item;
  /** Put: the whole new item. */
  readonly item?: Item;
  /** Put: `itemSize(item)`. */
  readonly itemSize?: number;
  /** Update: the actions (absent: an UpdateItem with neither expression nor AttributeUpdates). */
  readonly update?: UpdateNode;
  readonly condition?: ConditionNode;
  /**
   * A key that does not fit the schema, kept instead of thrown when a transaction must
   * report it as this action's cancellation reason.
   */
  readonly keyError?: DynamoDBError;
}

/** What running a write found and decided; nothing is stored until `commitWrite`. */
export interface WriteOutcome {
  /** The item stored before the write, as storage read it (`undefined`: absent, or `beforeUnread`). */
  readonly before: StoredItem | undefined;
  /** The item as stored afterwards (`undefined`: absent). */
  readonly after: Item | undefined;
  readonly change: 'put' | 'delete' | 'none';
  readonly updatedPaths: readonly DocumentPath[];
  /** `itemSize(after)`, when it was worked out. */
  readonly afterSize?: number;
  /** The stored item was not read (`before` is then unknown, not absent). */
  readonly beforeUnread?: boolean;
}

/** The condition did not hold; carries the item it was evaluated on. */
export class ConditionFailure extends Error {
  constructor(readonly before: Item | undefined) {
    super('The conditional request failed');
  }
}

function onlyDeletes(update: UpdateNode): boolean {
  return (
    update.actions.length > 0 && update.actions.every((action) => action.kind === 'remove' || action.kind === 'delete')
  );
}

function computeUpdate(write: PreparedWrite, before: StoredItem | undefined): WriteOutcome {
  if (!write.update) {
    // UpdateItem without actions still creates the item with just its key.
    return { before, after: before?.item ?? write.key, change: 'put', updatedPaths: [] };
  }
  const keyNames = keyAttributeNames(write.table);
  // Updating a key attribute is reported before a path into an index key.
  const order = evaluationOrder(write.update);
  checkKeyAttributesUntouched(order, keyNames);
  if (updateHasNestedPath(write.update)) assertKeyPathsScalar(write.table, updatePaths(write.update));
  const { item, updatedPaths } = applyUpdateToItem(write.update, before?.item ?? write.key, order);
  // Actions that only delete (REMOVE, DELETE from a set) leave a missing item missing.
  if (!before && onlyDeletes(write.update)) {
    return { before, after: undefined, change: 'none', updatedPaths };
  }
  const size = itemSize(item);
  if (size > maximumItemSize) {
    throw validationError('Item size to update has exceeded the maximum allowed size');
  }
  if (updateNestsTooDeep(item, updatedPaths)) throw new UpdateNestingError();
  validateIndexKeys(write.table, item, 'update');
  return { before, after: item, change: 'put', updatedPaths, afterSize: size };
}

/**
 * Whether the write's outcome cannot depend on the item it replaces: a Put without
 * condition (nor a key problem to report). Unless the caller needs that item (capacity
 * bills the larger of the two, `ALL_OLD` returns it), such a put is decided without
 * reading it, as DynamoDB's own blind writes are.
 */
function isBlindPut(write: PreparedWrite): boolean {
  return (
    write.kind === 'Put' && write.condition === undefined && write.keyError === undefined && write.item !== undefined
  );
}

/**
 * Reads the stored item, checks the condition and works out the new item. Throws
 * `ConditionFailure` when the condition does not hold, `DynamoDBError` for an update
 * that cannot apply to this item. Call inside the storage transaction that commits it.
 * `needsBefore: false`: the caller needs no `before` (no capacity, no old item), so a
 * put that no condition guards is decided without reading the stored item
 * (`beforeUnread`).
 */
export function evaluateWrite(storage: Storage, write: PreparedWrite, needsBefore = true): WriteOutcome {
  if (!needsBefore && isBlindPut(write)) {
    return {
      before: undefined,
      after: write.item,
      change: 'put',
      updatedPaths: [],
      afterSize: write.itemSize,
      beforeUnread: true,
    };
  }
  const before = storage.getItem(write.table, write.key);
  if (write.condition && !evaluateCondition(write.condition, before?.item)) {
    throw new ConditionFailure(before?.item);
  }
  return decideWrite(write, before);
}

function decideWrite(write: PreparedWrite, before: StoredItem | undefined): WriteOutcome {
  switch (write.kind) {
    case 'Put':
      return { before, after: write.item, change: 'put', updatedPaths: [], afterSize: write.itemSize };
    case 'Delete':
      return { before, after: undefined, change: before ? 'delete' : 'none', updatedPaths: [] };
    case 'ConditionCheck':
      return { before, after: before?.item, change: 'none', updatedPaths: [] };
    case 'Update':
      return computeUpdate(write, before);
  }
}

/**
 * Stores what `evaluateWrite` decided, in the same write transaction: the item it read is
 * still the stored one, which spares storage from looking it up again.
 */
export function commitWrite(storage: Storage, write: PreparedWrite, outcome: WriteOutcome): void {
  if (outcome.change === 'put' && outcome.after) {
    const previous = outcome.beforeUnread ? undefined : (outcome.before ?? null);
    storage.putItem(write.table, outcome.after, { previous, size: outcome.afterSize });
  } else if (outcome.change === 'delete') {
    storage.deleteItem(write.table, write.key, { previous: outcome.before ?? null });
  }
}

/** The response members every single-item write may ask for. */
export interface SingleWriteOptions {
  readonly ReturnConsumedCapacity?: CapacityMode;
  readonly ReturnItemCollectionMetrics?: 'SIZE' | 'NONE';
  readonly ReturnValuesOnConditionCheckFailure?: 'ALL_OLD' | 'NONE';
  readonly ReturnValues?: string;
}

/**
 * Runs PutItem, UpdateItem or DeleteItem: condition check and write in one storage
 * transaction (atomic across processes sharing the file), then the answer's
 * `Attributes`, `ConsumedCapacity` and `ItemCollectionMetrics`.
 */
export function runSingleWrite(
  context: EngineContext,
  write: PreparedWrite,
  options: SingleWriteOptions,
): Record<string, unknown> {
  const { storage } = context;
  const mode = options.ReturnConsumedCapacity;
  const billed = mode === 'TOTAL' || mode === 'INDEXES';
  const needsBefore = billed || (options.ReturnValues !== undefined && options.ReturnValues !== 'NONE');
  return storage.writeTransaction(() => {
    let outcome: WriteOutcome;
    try {
      outcome = evaluateWrite(storage, write, needsBefore);
    } catch (error) {
      if (error instanceof ConditionFailure) {
        const item = options.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' ? error.before : undefined;
        throw conditionalCheckFailed(item);
      }
      throw error;
    }
    commitWrite(storage, write, outcome);
    const response: Record<string, unknown> = {};
    const attributes = returnedAttributes(options.ReturnValues, outcome);
    if (attributes) response.Attributes = attributes;
    if (billed) {
      response.ConsumedCapacity = consumedCapacity(
        mode,
        write.tableName,
        writeUsage(write.table, outcome.before?.item, outcome.after, false),
      );
    }
    if (options.ReturnItemCollectionMetrics === 'SIZE') {
      const metrics = itemCollectionMetrics(storage, write.table, write.key);
      if (metrics) response.ItemCollectionMetrics = metrics;
    }
    return response;
  });
}

/**
 * PutItem and DeleteItem only know the old item, so they only accept `NONE` and
 * `ALL_OLD` (an unknown value never gets here: the request shape rejects it).
 */
export function checkReturnValuesOldOnly(mode: string | undefined): void {
  if (mode !== undefined && mode !== 'NONE' && mode !== 'ALL_OLD') {
    throw validationError('ReturnValues can only be ALL_OLD or NONE');
  }
}

/**
 * The `Attributes` member of a write's answer: whole items for `ALL_*`, only the updated
 * paths (still nested) for `UPDATED_*` (UpdateItem alone may ask for those: see
 * {@link checkReturnValuesOldOnly}). `undefined` when there is nothing to return.
 */
function returnedAttributes(mode: string | undefined, outcome: WriteOutcome): Item | undefined {
  let attributes: Item | undefined;
  switch (mode) {
    case 'ALL_OLD':
      attributes = outcome.before?.item;
      break;
    case 'ALL_NEW':
      attributes = outcome.after;
      break;
    case 'UPDATED_OLD':
      attributes = outcome.before && projectItem(outcome.before.item, [...outcome.updatedPaths]);
      break;
    case 'UPDATED_NEW':
      attributes = outcome.after && projectItem(outcome.after, [...outcome.updatedPaths]);
      break;
    default:
      return undefined;
  }
  return attributes && Object.keys(attributes).length > 0 ? attributes : undefined;
}
