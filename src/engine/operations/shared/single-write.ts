import type { EngineContext } from '../operation.js';
import { conditionalCheckFailed } from '../../errors.js';
import { consumedCapacity } from '../../capacity/index.js';
import type { Item } from '../../values/attribute-value.js';
import { writeUsage, type CapacityMode } from './capacity-usage.js';
import { itemCollectionMetrics } from './item-collection-metrics.js';
import { commitWrite, ConditionFailure, evaluateWrite, type PreparedWrite, type WriteOutcome } from './write-action.js';

/** The response members every single-item write may ask for. */
export interface SingleWriteOptions {
  readonly ReturnConsumedCapacity?: CapacityMode;
  readonly ReturnItemCollectionMetrics?: 'SIZE' | 'NONE';
  readonly ReturnValuesOnConditionCheckFailure?: 'ALL_OLD' | 'NONE';
  readonly ReturnValues?: string;
}

/**
 * A put whose answer cannot depend on the item it replaces: no condition, no old values
 * returned, no capacity (which bills the larger of the two items). It writes without
 * reading the stored item first, as BatchWriteItem's puts do.
 */
function isBlindPut(write: PreparedWrite, options: SingleWriteOptions): boolean {
  const mode = options.ReturnConsumedCapacity;
  return (
    write.kind === 'Put' &&
    write.item !== undefined &&
    write.condition === undefined &&
    write.keyError === undefined &&
    (options.ReturnValues === undefined || options.ReturnValues === 'NONE') &&
    mode !== 'TOTAL' &&
    mode !== 'INDEXES'
  );
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
  returnAttributes: (outcome: WriteOutcome, options: SingleWriteOptions) => Item | undefined,
): Record<string, unknown> {
  const { storage } = context;
  const blind = isBlindPut(write, options);
  if (blind && options.ReturnItemCollectionMetrics !== 'SIZE') {
    // Storage makes the put atomic itself, without a transaction when one statement does.
    storage.putItem(write.table, write.item as Item, { size: write.itemSize });
    return {};
  }
  return storage.writeTransaction(() => {
    if (blind) {
      storage.putItem(write.table, write.item as Item, { size: write.itemSize });
      return blindPutResponse(storage, write, options);
    }
    let outcome: WriteOutcome;
    try {
      outcome = evaluateWrite(storage, write, context.caches.expressions.updateOrder);
    } catch (error) {
      if (error instanceof ConditionFailure) {
        const item = options.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' ? error.before : undefined;
        throw conditionalCheckFailed(item);
      }
      throw error;
    }
    commitWrite(storage, write, outcome);
    const response: Record<string, unknown> = {};
    const attributes = returnAttributes(outcome, options);
    if (attributes) response.Attributes = attributes;
    const mode = options.ReturnConsumedCapacity;
    if (mode === 'TOTAL' || mode === 'INDEXES') {
      response.ConsumedCapacity = consumedCapacity(
        mode,
        write.tableName,
        writeUsage(write.table, outcome.before, outcome.after, false),
      );
    }
    if (options.ReturnItemCollectionMetrics === 'SIZE') {
      const metrics = itemCollectionMetrics(storage, write.table, write.key);
      if (metrics) response.ItemCollectionMetrics = metrics;
    }
    return response;
  });
}

function blindPutResponse(
  storage: EngineContext['storage'],
  write: PreparedWrite,
  options: SingleWriteOptions,
): Record<string, unknown> {
  const response: Record<string, unknown> = {};
  if (options.ReturnItemCollectionMetrics === 'SIZE') {
    const metrics = itemCollectionMetrics(storage, write.table, write.key);
    if (metrics) response.ItemCollectionMetrics = metrics;
  }
  return response;
}
