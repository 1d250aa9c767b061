import { DynamoDBError } from '../../errors.js';
import type { Item } from '../../values/attribute-value.js';

/** Why one action of a cancelled transaction did not go through (`None`: it would have). */
export interface CancellationReason {
  readonly Code: string;
  readonly Message?: string;
  readonly Item?: Item;
}

export const noReason: CancellationReason = { Code: 'None' };

export function conditionFailedReason(
  item?: Item,
  action?: 'ConditionCheck' | 'Put' | 'Update' | 'Delete',
): CancellationReason {
  // The reference words a failed ConditionCheck with a final period, the writes without.
  const message = action === 'ConditionCheck' ? 'The conditional request failed.' : 'The conditional request failed';
  return item
    ? { Code: 'ConditionalCheckFailed', Message: message, Item: item }
    : { Code: 'ConditionalCheckFailed', Message: message };
}

export function validationReason(message: string): CancellationReason {
  return { Code: 'ValidationError', Message: message };
}

/**
 * `TransactionCanceledException` with one reason per action, in request order, and the
 * codes repeated in the message as DynamoDB does.
 */
export function transactionCanceled(reasons: readonly CancellationReason[]): DynamoDBError {
  const codes = reasons.map((reason) => reason.Code).join(', ');
  return new DynamoDBError(
    'TransactionCanceledException',
    `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes}]`,
    400,
    { CancellationReasons: reasons },
  );
}

/** Whether any reason cancels the transaction. */
export function isCancelled(reasons: readonly CancellationReason[]): boolean {
  return reasons.some((reason) => reason.Code !== 'None');
}
