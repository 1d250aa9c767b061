import type { OperationHandler } from '../operation.js';
import { prepareDelete } from '../shared/prepare-write.js';
import { checkReturnValuesOldOnly } from '../shared/return-values.js';
import { runSingleWrite } from '../shared/single-write.js';

/** DeleteItem: removes one item (a missing item is no error), optionally under a condition. */
export const deleteItem: OperationHandler = (context, input) => {
  checkReturnValuesOldOnly(input.ReturnValues);
  const write = prepareDelete(context.storage, input);
  return runSingleWrite(context, write, input, (outcome) =>
    input.ReturnValues === 'ALL_OLD' ? outcome.before : undefined,
  );
};
