import { transactGetItems as transactGetItemsShape } from '../../validation/shapes/transact-operations.js';
import { DynamoDBError, validationError } from '../../errors.js';
import type { DocumentPath } from '../../expressions/index.js';
import type { StoredTableDefinition } from '../../storage/storage.js';
import type { Item } from '../../values/attribute-value.js';
import { validateItemValues } from '../../values/index.js';
import { checkKeyNesting } from '../../values/nesting-levels.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { UsageByTable, type CapacityMode } from '../../capacity/capacity-usage.js';
import { itemIdentity, validateKey } from '../../keys/table-keys.js';
import {
  checkProjectionParameters,
  parseReadProjection,
  projectReadRow,
  rowReadUsage,
  type ProjectionMembers,
} from '../../reads/read-projection.js';
import {
  isCancelled,
  noReason,
  transactionCanceled,
  validationReason,
  type CancellationReason,
} from './cancellation.js';
import { checkTransactItemCount } from './transact-limits.js';

interface GetRequest extends ProjectionMembers {
  TableName: string;
  Key: Item;
}

interface PreparedGet {
  readonly tableName: string;
  readonly table: StoredTableDefinition;
  readonly key: Item;
  readonly paths: DocumentPath[] | undefined;
  readonly reason: CancellationReason;
}

function prepareGet(context: Parameters<OperationHandler>[0], entry: { Get?: GetRequest }): PreparedGet {
  const request = entry.Get;
  if (!request) throw validationError('Invalid Request: TransactGetRequest should contain Get request');
  checkProjectionParameters(request);
  const table = context.storage.requireTable(request.TableName);
  const key = validateItemValues(request.Key ?? {});
  // The projection, with its paths into key attributes, is checked before the key schema.
  const paths = parseReadProjection(context, request, table);
  let reason = noReason;
  try {
    validateKey(table, key);
  } catch (error) {
    // A key that does not fit the schema cancels the transaction rather than failing the request.
    if (!(error instanceof DynamoDBError) || error.reason !== 'key-schema-mismatch') throw error;
    reason = validationReason(error.message);
  }
  return { tableName: request.TableName, table, key, paths, reason };
}

/**
 * DynamoDB checks every Get's projection, then rejects two Gets of one item, and only then
 * looks up tables and checks key values and schemas: a repeated item wins over an unknown
 * table or a key that does not fit. Keys are compared as sent here; the check after
 * validation still catches keys that are equal once canonicalized.
 */
function rejectRepeatedItemsAsSent(context: Parameters<OperationHandler>[0], entries: { Get?: GetRequest }[]): void {
  const seen = new Set<string>();
  for (const entry of entries) {
    const request = entry.Get;
    if (!request) return;
    checkProjectionParameters(request);
    parseReadProjection(context, request, context.storage.getTable(request.TableName));
  }
  for (const entry of entries) {
    const request = entry.Get as GetRequest;
    const key = request.Key ?? {};
    // A key nested past 32 levels is refused before it is compared (and before its text,
    // which JSON.stringify would write recursively, is taken).
    checkKeyNesting(key);
    const identity = JSON.stringify([
      request.TableName,
      Object.keys(key)
        .sort()
        .map((name) => [name, key[name]]),
    ]);
    if (seen.has(identity)) throw validationError('Transaction request cannot include multiple operations on one item');
    seen.add(identity);
  }
}

/** TransactGetItems' request. */
export interface TransactGetItemsRequest {
  readonly TransactItems: readonly { Get?: GetRequest }[];
  readonly ReturnConsumedCapacity?: CapacityMode;
}

/**
 * TransactGetItems: up to 100 items by key, read on one snapshot, answered in request
 * order (`{}` for a missing item). Transactional reads cost double.
 */
export const transactGetItems: OperationHandler<TransactGetItemsRequest> = (context, input) => {
  const entries = input.TransactItems as { Get?: GetRequest }[];
  checkTransactItemCount(entries);
  rejectRepeatedItemsAsSent(context, entries);
  const gets = entries.map((entry) => prepareGet(context, entry));
  const reasons = gets.map((get) => get.reason);
  if (isCancelled(reasons)) throw transactionCanceled(reasons);
  const seen = new Set<string>();
  for (const get of gets) {
    const identity = itemIdentity(get.tableName, get.table, get.key);
    if (seen.has(identity)) throw validationError('Transaction request cannot include multiple operations on one item');
    seen.add(identity);
  }
  return context.storage.readTransaction(() => {
    const usage = new UsageByTable(true);
    const responses = gets.map((get) => {
      const row = context.storage.getItem(get.table, get.key);
      usage.add(get.tableName, rowReadUsage(row, { consistent: true, transactional: true }));
      return row ? { Item: projectReadRow(row, get.paths) } : {};
    });
    const response: Record<string, unknown> = { Responses: responses };
    const consumed = usage.toResponse(input.ReturnConsumedCapacity);
    if (consumed) response.ConsumedCapacity = consumed;
    return response;
  });
};

/** TransactGetItems: its request shape and its handler (operations/registry.ts lists every definition). */
export const transactGetItemsOperation = defineOperation({
  name: 'TransactGetItems',
  shape: transactGetItemsShape,
  handler: transactGetItems,
  answer: 'stored-rows',
});
