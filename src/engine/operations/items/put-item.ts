import { putItem as putItemShape } from '../../validation/shapes/item-operations.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { preparePut, type WriteRequest } from '../../writes/prepare-write.js';
import { checkReturnValuesOldOnly, runSingleWrite, type SingleWriteOptions } from '../../writes/write-pipeline.js';

/** PutItem's request: the write's members and what the answer returns. */
export interface PutItemRequest extends WriteRequest, SingleWriteOptions {}

/** PutItem: creates or replaces one item, optionally under a condition. */
export const putItem: OperationHandler<PutItemRequest> = (context, input) => {
  checkReturnValuesOldOnly(input.ReturnValues);
  const write = preparePut(context, input);
  return runSingleWrite(context, write, input);
};

/** PutItem: its request shape and its handler (operations/registry.ts lists every definition). */
export const putItemOperation = defineOperation({ name: 'PutItem', shape: putItemShape, handler: putItem });
