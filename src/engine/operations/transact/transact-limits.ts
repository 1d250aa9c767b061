import { validationError } from '../../errors.js';

/** DynamoDB's limit on actions in one TransactWriteItems or TransactGetItems call. */
export const maximumTransactItems = 100;

/**
 * `TransactItems` holds 1 to 100 actions. The request-shape check answers this first in
 * DynamoDB's constraint format; this is the engine's own guard behind it.
 */
export function checkTransactItemCount(entries: unknown): void {
  const count = Array.isArray(entries) ? entries.length : 0;
  if (count < 1) {
    throw validationError(
      "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1",
    );
  }
  if (count > maximumTransactItems) {
    throw validationError(
      `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to ${maximumTransactItems}`,
    );
  }
}
