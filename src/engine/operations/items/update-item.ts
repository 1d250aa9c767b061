import type { OperationHandler } from '../operation.js';
import { prepareUpdate } from '../shared/prepare-write.js';
import { updateReturnAttributes } from '../shared/return-values.js';
import { runSingleWrite } from '../shared/single-write.js';

/**
 * UpdateItem: edits one item in place (creating it unless every action only deletes),
 * optionally under a condition; every ReturnValues mode.
 */
export const updateItem: OperationHandler = (context, input) => {
  const write = prepareUpdate(context.storage, input);
  return runSingleWrite(context, write, input, (outcome) =>
    updateReturnAttributes(input.ReturnValues, outcome.before, outcome.after, outcome.updatedPaths),
  );
};
