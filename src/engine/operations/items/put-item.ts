import type { OperationHandler } from '../operation.js';
import { preparePut } from '../shared/prepare-write.js';
import { checkReturnValuesOldOnly } from '../shared/return-values.js';
import { runSingleWrite } from '../shared/single-write.js';

/** PutItem: creates or replaces one item, optionally under a condition. */
export const putItem: OperationHandler = (context, input) => {
  checkReturnValuesOldOnly(input.ReturnValues);
  const write = preparePut(context.storage, input);
  return runSingleWrite(context, write, input, (outcome) =>
    input.ReturnValues === 'ALL_OLD' ? outcome.before : undefined,
  );
};
