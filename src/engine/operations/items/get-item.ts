import { getItem as getItemShape } from '../../validation/shapes/item-operations.js';
import { consumedCapacity } from '../../capacity/index.js';
import { validateItemValues } from '../../values/index.js';
import type { Item } from '../../values/attribute-value.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import type { CapacityMode } from '../../capacity/capacity-usage.js';
import { validateKey } from '../../keys/table-keys.js';
import {
  checkProjectionParameters,
  type ProjectionMembers,
  parseReadProjection,
  projectReadRow,
  rowReadUsage,
} from '../../reads/read-projection.js';

/** GetItem's request. */
export interface GetItemRequest extends ProjectionMembers {
  readonly TableName: string;
  readonly Key: Item;
  readonly ConsistentRead?: boolean;
  readonly ReturnConsumedCapacity?: CapacityMode;
}

/** GetItem: one item by its primary key, optionally projected; strongly consistent on request. */
export const getItem: OperationHandler<GetItemRequest> = (context, input) => {
  checkProjectionParameters(input);
  const table = context.storage.requireTable(input.TableName);
  const keyValues = validateItemValues(input.Key);
  // DynamoDB parses the projection (and rejects paths into key attributes) before it
  // matches the key against the schema.
  const paths = parseReadProjection(context, input, table);
  const key = validateKey(table, keyValues);
  const row = (context.consistency?.reads(input.ConsistentRead === true) ?? context.storage).getItem(table, key);
  const response: Record<string, unknown> = {};
  if (row) response.Item = projectReadRow(row, paths);
  const mode = input.ReturnConsumedCapacity;
  if (mode === 'TOTAL' || mode === 'INDEXES') {
    // The whole item is read whatever the projection keeps.
    const usage = rowReadUsage(row, { consistent: input.ConsistentRead === true, transactional: false });
    response.ConsumedCapacity = consumedCapacity(mode, input.TableName, usage);
  }
  return response;
};

/** GetItem: its request shape and its handler (operations/registry.ts lists every definition). */
export const getItemOperation = defineOperation({
  name: 'GetItem',
  shape: getItemShape,
  handler: getItem,
  answer: 'stored-rows',
});
