import { validationError } from '../../errors.js';
import { itemSize } from '../../values/index.js';
import type { PreparedWrite } from '../../writes/write-pipeline.js';

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

/** DynamoDB's limit on the items a TransactWriteItems carries. */
const maximumPayloadBytes = 4 * 1024 * 1024;

/**
 * Adds up the items of a transaction (a Put counts its item, the other actions only their
 * key) and stops at the first that crosses 4 MB, naming the running total as DynamoDB
 * does (`Payload Size: 4199046`).
 */
export function checkTransactionPayload(actions: readonly { readonly write: PreparedWrite }[]): void {
  let total = 0;
  for (const { write } of actions) {
    total += write.itemSize ?? itemSize(write.item ?? write.key);
    if (total > maximumPayloadBytes) {
      throw validationError(`Transaction payload size cannot exceed 4MB. Payload Size: ${total}`);
    }
  }
}
