import type { OperationHandler } from '../operation.js';
import { prepareUpdate, type WriteRequest } from '../shared/prepare-write.js';
import { updateReturnAttributes } from '../shared/return-values.js';
import { runSingleWrite, type SingleWriteOptions } from '../shared/single-write.js';
import type { WriteOutcome } from '../shared/write-action.js';
import type { Item } from '../../values/attribute-value.js';

/** UpdateItem's request: the write's members and what the answer returns. */
export interface UpdateItemRequest extends WriteRequest, SingleWriteOptions {}

/**
 * UpdateItem: edits one item in place (creating it unless every action only deletes),
 * optionally under a condition; every ReturnValues mode.
 */
export const updateItem: OperationHandler<UpdateItemRequest> = (context, input) => {
  const write = prepareUpdate(context.storage, input, undefined, context.caches.expressions);
  return runSingleWrite(context, write, input, returnedAttributes);
};

// A module-level function rather than a closure over the request: one less object per call.
function returnedAttributes(outcome: WriteOutcome, options: SingleWriteOptions): Item | undefined {
  return updateReturnAttributes(options.ReturnValues, outcome.before, outcome.after, outcome.updatedPaths);
}
