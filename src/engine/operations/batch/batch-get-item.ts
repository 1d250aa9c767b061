import { batchGetItem as batchGetItemShape } from '../../validation/shapes/batch-operations.js';
import type { AnswerItem } from '../../answer.js';
import { validationError } from '../../errors.js';
import type { DocumentPath } from '../../expressions/index.js';
import type { StoredTableDefinition } from '../../storage/storage.js';
import type { Item } from '../../values/attribute-value.js';
import { validateItemValues } from '../../values/index.js';
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
import { duplicateKeys, requireRequestItems, tooManyItems } from './batch-request-checks.js';

/** DynamoDB's limits: keys per call (over all tables) and bytes per response. */
const maximumKeys = 100;
const maximumResponseBytes = 16 * 1024 * 1024;

interface KeysAndAttributes extends ProjectionMembers {
  Keys: Item[];
  ConsistentRead?: boolean;
}

interface TableRead {
  readonly tableName: string;
  readonly request: KeysAndAttributes;
  readonly table: StoredTableDefinition;
  readonly keys: Item[];
  readonly paths: DocumentPath[] | undefined;
}

/**
 * Looks up one table and checks its keys; the projection waits until every table's keys
 * are checked, since DynamoDB reports a bad or duplicate key before a bad projection.
 */
function prepareTableKeys(
  context: Parameters<OperationHandler>[0],
  tableName: string,
  request: KeysAndAttributes,
  seen: Set<string>,
): Omit<TableRead, 'paths'> {
  const table = context.storage.requireTable(tableName);
  const keys = request.Keys.map((rawKey) => {
    const key = validateKey(table, validateItemValues(rawKey));
    const identity = itemIdentity(tableName, table, key);
    if (seen.has(identity)) throw duplicateKeys();
    seen.add(identity);
    return key;
  });
  return { tableName, request, table, keys };
}

/** What a retry needs: the same per-table members with only the keys not yet read. */
function unprocessedEntry(request: KeysAndAttributes, keys: Item[]): KeysAndAttributes {
  return { ...request, Keys: keys };
}

/** BatchGetItem's request: up to 100 keys, by table. */
export interface BatchGetItemRequest {
  readonly RequestItems: Readonly<Record<string, KeysAndAttributes>>;
  readonly ReturnConsumedCapacity?: CapacityMode;
}

/**
 * BatchGetItem: up to 100 items by key over several tables, read on one snapshot. Keys
 * beyond a 16 MB response come back in `UnprocessedKeys`, as DynamoDB sends them.
 */
export const batchGetItem: OperationHandler<BatchGetItemRequest> = (context, input) => {
  const requestItems = input.RequestItems as Record<string, KeysAndAttributes>;
  requireRequestItems('BatchGetItem', requestItems);
  let count = 0;
  for (const [tableName, request] of Object.entries(requestItems)) {
    if (!Array.isArray(request.Keys) || request.Keys.length === 0) {
      throw validationError(
        `1 validation error detected: Value '[]' at 'requestItems.${tableName}.member.keys' failed to satisfy constraint: Member must have length greater than or equal to 1`,
      );
    }
    count += request.Keys.length;
  }
  if (count > maximumKeys) throw tooManyItems('BatchGetItem');
  // Mixed projection styles are a request-shape error, reported before any table lookup.
  for (const request of Object.values(requestItems)) checkProjectionParameters(request);
  const seen = new Set<string>();
  const keyed = Object.entries(requestItems).map(([tableName, request]) =>
    prepareTableKeys(context, tableName, request, seen),
  );
  const reads: TableRead[] = keyed.map((read) => ({
    ...read,
    paths: parseReadProjection(context, read.request, read.table),
  }));
  return context.storage.readTransaction(() => {
    const responses: Record<string, AnswerItem[]> = {};
    const unprocessed: Record<string, KeysAndAttributes> = {};
    const usage = new UsageByTable();
    let bytes = 0;
    let full = false;
    for (const read of reads) {
      const found: AnswerItem[] = (responses[read.tableName] = []);
      const left: Item[] = [];
      const consistent = read.request.ConsistentRead === true;
      const tableReads = context.consistency?.reads(consistent) ?? context.storage;
      read.keys.forEach((key, position) => {
        if (full) {
          left.push(read.request.Keys[position]);
          return;
        }
        const row = tableReads.getItem(read.table, key);
        const size = row ? row.size : 0;
        if (bytes + size > maximumResponseBytes) {
          full = true;
          left.push(read.request.Keys[position]);
          return;
        }
        bytes += size;
        // A key that finds nothing costs nothing here, unlike a GetItem (DynamoDB Local, the reference).
        usage.add(
          read.tableName,
          row ? rowReadUsage(row, { consistent, transactional: false }) : { table: { read: 0 } },
        );
        if (row) found.push(projectReadRow(row, read.paths));
      });
      if (left.length > 0) unprocessed[read.tableName] = unprocessedEntry(read.request, left);
    }
    const response: Record<string, unknown> = { Responses: responses, UnprocessedKeys: unprocessed };
    const consumed = usage.toResponse(input.ReturnConsumedCapacity);
    if (consumed) response.ConsumedCapacity = consumed;
    return response;
  });
};

/** BatchGetItem: its request shape and its handler (operations/registry.ts lists every definition). */
export const batchGetItemOperation = defineOperation({
  name: 'BatchGetItem',
  shape: batchGetItemShape,
  handler: batchGetItem,
  answer: 'stored-rows',
});
