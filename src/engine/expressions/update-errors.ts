import { validationError } from '../errors.js';

/** The errors an UpdateExpression meets while it is applied to the stored item. */
export const invalidPathForUpdate = () =>
  validationError('The document path provided in the update expression is invalid for update');
export const incorrectDataType = () =>
  validationError('An operand in the update expression has an incorrect data type');
export const missingAttribute = () =>
  validationError('The provided expression refers to an attribute that does not exist in the item');
