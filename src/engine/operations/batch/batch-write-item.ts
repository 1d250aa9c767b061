import { batchWriteItem as batchWriteItemShape } from '../../validation/shapes/batch-operations.js';
import { validationError } from '../../errors.js';
import type { Item } from '../../values/attribute-value.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { UsageByTable, writeUsage, type CapacityMode } from '../../capacity/capacity-usage.js';
import { itemCollectionMetricsByTable } from '../../writes/item-collection-metrics.js';
import { itemIdentity } from '../../keys/table-keys.js';
import { prepareDelete, preparePut } from '../../writes/prepare-write.js';
import { commitWrite, evaluateWrite, type PreparedWrite } from '../../writes/write-pipeline.js';
import { duplicateKeys, requireRequestItems, tooManyItems } from './batch-request-checks.js';

/** DynamoDB's limit on requests in one BatchWriteItem call, over all tables. */
const maximumWriteRequests = 25;

interface WriteRequestEntry {
  PutRequest?: { Item: Item };
  DeleteRequest?: { Key: Item };
}

/** An entry must hold exactly one of PutRequest and DeleteRequest (DynamoDB reuses the AttributeValue wording). */
function checkEntryShape(entry: WriteRequestEntry): void {
  const members = (entry.PutRequest ? 1 : 0) + (entry.DeleteRequest ? 1 : 0);
  if (members !== 1) {
    throw validationError(
      'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes',
    );
  }
}

function checkRequestShape(requestItems: Record<string, WriteRequestEntry[]>): void {
  let count = 0;
  for (const [tableName, entries] of Object.entries(requestItems)) {
    if (entries.length === 0) {
      throw validationError(
        `1 validation error detected: Value '{${tableName}=[]}' at 'requestItems' failed to satisfy constraint: ` +
          'Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]',
      );
    }
    for (const entry of entries) checkEntryShape(entry);
    count += entries.length;
  }
  if (count > maximumWriteRequests) throw tooManyItems('BatchWriteItem');
}

/** A batch words an item's key problems as a schema mismatch. */
const batchPutOptions = { itemKeyWording: 'schema' } as const;

/** BatchWriteItem's request: up to 25 puts and deletes, by table. */
export interface BatchWriteItemRequest {
  readonly RequestItems: Readonly<Record<string, WriteRequestEntry[]>>;
  readonly ReturnConsumedCapacity?: CapacityMode;
  readonly ReturnItemCollectionMetrics?: 'SIZE' | 'NONE';
}

/**
 * BatchWriteItem: up to 25 unconditional puts and deletes over several tables, written
 * in one storage transaction. Nothing is ever left unprocessed, so `UnprocessedItems` is `{}`.
 */
export const batchWriteItem: OperationHandler<BatchWriteItemRequest> = (context, input) => {
  const requestItems = input.RequestItems as Record<string, WriteRequestEntry[]>;
  requireRequestItems('BatchWriteItem', requestItems);
  checkRequestShape(requestItems);
  const { storage } = context;
  const writes: PreparedWrite[] = [];
  const seen = new Set<string>();
  for (const tableName in requestItems) {
    if (!Object.hasOwn(requestItems, tableName)) continue;
    storage.requireTable(tableName);
    for (const entry of requestItems[tableName]) {
      const write = entry.PutRequest
        ? preparePut(context, { TableName: tableName, Item: entry.PutRequest.Item }, batchPutOptions)
        : prepareDelete(context, { TableName: tableName, Key: entry.DeleteRequest?.Key ?? {} });
      const identity = itemIdentity(tableName, write.table, write.key);
      if (seen.has(identity)) throw duplicateKeys();
      seen.add(identity);
      writes.push(write);
    }
  }
  // Only the capacity depends on the item a put replaces (it bills the larger of the two):
  // without ConsumedCapacity a put is decided without reading it.
  const mode = input.ReturnConsumedCapacity;
  const billed = mode === 'TOTAL' || mode === 'INDEXES';
  return storage.writeTransaction(() => {
    const usage = billed ? new UsageByTable() : undefined;
    for (const write of writes) {
      const outcome = evaluateWrite(storage, write, billed);
      commitWrite(storage, write, outcome);
      usage?.add(write.tableName, writeUsage(write.table, outcome.before?.item, outcome.after, false));
    }
    const response: Record<string, unknown> = { UnprocessedItems: {} };
    const consumed = usage?.toResponse(mode);
    if (consumed) response.ConsumedCapacity = consumed;
    if (input.ReturnItemCollectionMetrics === 'SIZE') {
      const metrics = itemCollectionMetricsByTable(storage, writes);
      if (metrics) response.ItemCollectionMetrics = metrics;
    }
    return response;
  });
};

/** BatchWriteItem: its request shape and its handler (operations/registry.ts lists every definition). */
export const batchWriteItemOperation = defineOperation({
  name: 'BatchWriteItem',
  shape: batchWriteItemShape,
  handler: batchWriteItem,
});
