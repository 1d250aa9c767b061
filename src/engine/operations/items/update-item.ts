import { updateItem as updateItemShape } from '../../validation/shapes/item-operations.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { prepareUpdate, type WriteRequest } from '../../writes/prepare-write.js';
import { runSingleWrite, type SingleWriteOptions } from '../../writes/write-pipeline.js';

/** UpdateItem's request: the write's members and what the answer returns. */
export interface UpdateItemRequest extends WriteRequest, SingleWriteOptions {}

/**
 * UpdateItem: edits one item in place (creating it unless every action only deletes),
 * optionally under a condition; every ReturnValues mode.
 */
export const updateItem: OperationHandler<UpdateItemRequest> = (context, input) => {
  const write = prepareUpdate(context, input);
  return runSingleWrite(context, write, input);
};

/** UpdateItem: its request shape and its handler (operations/registry.ts lists every definition). */
export const updateItemOperation = defineOperation({ name: 'UpdateItem', shape: updateItemShape, handler: updateItem });
