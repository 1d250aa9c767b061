import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CommandSender } from './command-sender.js';
import {
  TransactionCancelledError,
  TransactionConflictError,
  UnsupportedOperationError,
  type ItemRef,
} from './errors.js';
import { cancellationReasonsOf, isConflictCancellation } from './service-errors.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One action of a transaction, built by an entity repository's `transaction` builders. */
export interface TransactAction {
  readonly action: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  readonly item: ItemRef;
  readonly request: TransactItem;
}

/**
 * The TransactWriteItems input for a list of actions (at most 100, DynamoDB's limit). Pure.
 *
 * @example
 * buildTransactWriteRequest([await jobs.transaction.transition({ id }, { from: 'running', to: 'succeeded' }),
 *                            await reports.transaction.create({ jobId: id, summary })])
 */
export function buildTransactWriteRequest(
  actions: readonly TransactAction[],
  options: { readonly clientRequestToken?: string } = {},
): TransactWriteCommandInput {
  if (actions.length === 0 || actions.length > 100) {
    throw new UnsupportedOperationError('transaction', `a transaction holds 1 to 100 actions, got ${actions.length}`);
  }
  return {
    TransactItems: actions.map((action) => action.request),
    ...(options.clientRequestToken ? { ClientRequestToken: options.clientRequestToken } : {}),
    ReturnConsumedCapacity: 'TOTAL',
  };
}

/**
 * Runs the actions all-or-nothing. A cancellation becomes {@link TransactionCancelledError} listing
 * each failing action with the item it addressed — or, when it was caused by a transaction
 * conflict (a `TransactionConflict` reason and no failed condition), the retryable
 * {@link TransactionConflictError} naming the items in conflict. Not retried here: the caller
 * decides (with the same `clientRequestToken`, a retry after a success is answered as a replay).
 */
export async function transactWrite(
  sender: CommandSender,
  label: string,
  actions: readonly TransactAction[],
  options: { readonly clientRequestToken?: string } = {},
): Promise<void> {
  const input = buildTransactWriteRequest(actions, options);
  try {
    await sender.transactWrite(label, input);
  } catch (error) {
    const cancellation = cancellationReasonsOf(error);
    if (!cancellation) throw error;
    const reasons = cancellation
      .map((reason, index) => ({ reason, index }))
      .filter(({ reason }) => reason.Code && reason.Code !== 'None')
      .map(({ reason, index }) => ({
        index,
        action: actions[index]?.action ?? 'Unknown',
        item: actions[index]?.item ?? { entity: 'unknown', key: {} },
        code: reason.Code as string,
        ...(reason.Message ? { message: reason.Message } : {}),
      }));
    if (isConflictCancellation(cancellation)) {
      const items = reasons.filter((reason) => reason.code === 'TransactionConflict').map((reason) => reason.item);
      throw new TransactionConflictError({ operation: 'TransactWriteItems', items, reasons, attempts: 1 }, error);
    }
    throw new TransactionCancelledError(reasons, error);
  }
}
