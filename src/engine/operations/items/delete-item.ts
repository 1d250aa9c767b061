import { deleteItem as deleteItemShape } from '../../validation/shapes/item-operations.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { prepareDelete, type WriteRequest } from '../../writes/prepare-write.js';
import { checkReturnValuesOldOnly, runSingleWrite, type SingleWriteOptions } from '../../writes/write-pipeline.js';

/** DeleteItem's request: the write's members and what the answer returns. */
export interface DeleteItemRequest extends WriteRequest, SingleWriteOptions {}

/** DeleteItem: removes one item (a missing item is no error), optionally under a condition. */
export const deleteItem: OperationHandler<DeleteItemRequest> = (context, input) => {
  checkReturnValuesOldOnly(input.ReturnValues);
  const write = prepareDelete(context, input);
  return runSingleWrite(context, write, input);
};

/** DeleteItem: its request shape and its handler (operations/registry.ts lists every definition). */
export const deleteItemOperation = defineOperation({ name: 'DeleteItem', shape: deleteItemShape, handler: deleteItem });
