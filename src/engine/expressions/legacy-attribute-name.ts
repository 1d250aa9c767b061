import { validationError } from '../errors.js';
import { valueMessages } from '../values/value-errors.js';

/**
 * The legacy parameters (`Expected`, `QueryFilter`/`ScanFilter`, `AttributeUpdates`,
 * `AttributesToGet`) name attributes directly; DynamoDB refuses an empty name there as it
 * does in an item.
 */
export function requireAttributeName(name: string): void {
  if (name === '') throw validationError(valueMessages.emptyAttributeName);
}
