import type { OperationHandler } from '../operation.js';
import { prepareDelete, type WriteRequest } from '../shared/prepare-write.js';
import { checkReturnValuesOldOnly } from '../shared/return-values.js';
import { runSingleWrite, type SingleWriteOptions } from '../shared/single-write.js';

/** DeleteItem's request: the write's members and what the answer returns. */
export interface DeleteItemRequest extends WriteRequest, SingleWriteOptions {}

/** DeleteItem: removes one item (a missing item is no error), optionally under a condition. */
export const deleteItem: OperationHandler<DeleteItemRequest> = (context, input) => {
  checkReturnValuesOldOnly(input.ReturnValues);
  const write = prepareDelete(context.storage, input, undefined, context.caches.expressions);
  return runSingleWrite(context, write, input, (outcome) =>
    input.ReturnValues === 'ALL_OLD' ? outcome.before : undefined,
  );
};
