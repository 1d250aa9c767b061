import { DynamoDBError, validationError } from '../../errors.js';
import type { OperationHandler } from '../operation.js';
import { readUsage, UsageByTable, writeUsage } from '../shared/capacity-usage.js';
import { itemCollectionMetrics, type ItemCollectionMetrics } from '../shared/item-collection-metrics.js';
import { KeyAttributePathError } from '../shared/key-paths.js';
import { itemIdentity } from '../shared/keys.js';
import { itemSize } from '../../values/index.js';
import {
  checkWriteExpressions,
  prepareConditionCheck,
  prepareDelete,
  preparePut,
  prepareUpdate,
  type WriteRequest,
} from '../shared/prepare-write.js';
import {
  blindPutOutcome,
  commitWrite,
  ConditionFailure,
  evaluateWrite,
  isBlindPut,
  type PreparedWrite,
  type WriteOutcome,
} from '../shared/write-action.js';
import {
  conditionFailedReason,
  isCancelled,
  noReason,
  transactionCanceled,
  validationReason,
  type CancellationReason,
} from './cancellation.js';
import { ClientRequestTokens, requestHash, tokenTableKept } from './client-request-tokens.js';
import { checkTransactionPayload, checkTransactItemCount } from './transact-limits.js';

interface TransactWriteAction {
  ConditionCheck?: WriteRequest & { ReturnValuesOnConditionCheckFailure?: string };
  Put?: WriteRequest & { ReturnValuesOnConditionCheckFailure?: string };
  Delete?: WriteRequest & { ReturnValuesOnConditionCheckFailure?: string };
  Update?: WriteRequest & { ReturnValuesOnConditionCheckFailure?: string };
}

interface Action {
  readonly write: PreparedWrite;
  readonly returnOldOnFailure: boolean;
}

function prepareAction(context: Parameters<OperationHandler>[0], entry: TransactWriteAction): Action {
  const members = (['ConditionCheck', 'Put', 'Delete', 'Update'] as const).filter((name) => entry[name] !== undefined);
  if (members.length === 0) {
    throw validationError('Invalid Request: TransactWriteRequest should contain Delete or Put or Update request');
  }
  if (members.length > 1) throw validationError('TransactItems can only contain one of Check, Put, Update or Delete');
  const kind = members[0];
  const request = entry[kind] as NonNullable<TransactWriteAction[typeof kind]>;
  const options = { transaction: true };
  const { storage } = context;
  const write =
    kind === 'Put'
      ? preparePut(storage, request, options)
      : kind === 'Update'
        ? prepareUpdate(storage, request, options)
        : kind === 'Delete'
          ? prepareDelete(storage, request, options)
          : prepareConditionCheck(storage, request, options);
  return { write, returnOldOnFailure: request.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' };
}

/**
 * Problems DynamoDB Local finds only after every action's expressions are checked: substitutions
 * sent without an expression, an index key value of the wrong type in a Put.
 */
const isFoundAfterExpressions = (error: unknown) =>
  error instanceof DynamoDBError && / can only be specified when using expressions|Type mismatch for Index Key /.test(error.message);

/** A problem in an expression itself: syntax, names or values undefined or unused. */
const isExpressionError = (error: unknown) =>
  error instanceof DynamoDBError && /^(Invalid \w*Expression: |Value provided in ExpressionAttribute)/.test(error.message);

/**
 * Prepares every action in request order. DynamoDB Local checks the expressions of all
 * actions before some other request problems (see isFoundAfterExpressions), so such a
 * rejection waits until no later action's expression fails.
 */
function prepareActions(context: Parameters<OperationHandler>[0], entries: readonly TransactWriteAction[]): Action[] {
  let deferred: unknown;
  const actions: Action[] = [];
  for (const entry of entries) {
    try {
      actions.push(prepareAction(context, entry));
    } catch (error) {
      if (isExpressionError(error) || (deferred === undefined && !isFoundAfterExpressions(error))) throw error;
      deferred ??= error;
      // This action's own expressions still come first (unless they are what is missing).
      const request = Object.values(entry)[0] as WriteRequest | undefined;
      const withoutExpression = error instanceof DynamoDBError && / can only be specified when using expressions/.test(error.message);
      if (request && !withoutExpression) checkWriteExpressions(request, entry.Update !== undefined);
    }
  }
  if (deferred !== undefined) throw deferred;
  return actions;
}

interface ActionResult {
  readonly outcome?: WriteOutcome;
  readonly reason: CancellationReason;
  /** The action could not be applied to its item: the actions after it are not looked at. */
  readonly stops?: boolean;
}

/**
 * Runs one action without writing: its outcome, or why it would cancel the transaction.
 * `billed`: the answer reports capacity, which needs the item a Put replaces.
 */
function tryAction(context: Parameters<OperationHandler>[0], action: Action, billed: boolean): ActionResult {
  if (action.write.keyError) return { reason: validationReason(action.write.keyError.message) };
  // A Put without condition cannot fail: only its capacity depends on the stored item.
  if (!billed && isBlindPut(action.write)) return { outcome: blindPutOutcome(action.write), reason: noReason };
  try {
    return { outcome: evaluateWrite(context.storage, action.write), reason: noReason };
  } catch (error) {
    if (error instanceof ConditionFailure) {
      return { reason: conditionFailedReason(action.returnOldOnFailure ? error.before : undefined, action.write.kind) };
    }
    // A path into a key attribute fails the whole request when its action is reached
    // (after the conditions of the actions before it and of its own); other problems
    // applying an update cancel the transaction with this action's ValidationError.
    if (error instanceof KeyAttributePathError) throw error;
    if (error instanceof DynamoDBError && error.type === 'ValidationException') {
      return { reason: validationReason(error.message), stops: true };
    }
    throw error;
  }
}

/**
 * Runs the actions in request order. After an action whose update cannot apply, DynamoDB
 * Local evaluates nothing more (no later condition, no later key path); the actions after
 * it are reported `None`, keeping DynamoDB's one reason per action.
 */
function tryActions(context: Parameters<OperationHandler>[0], actions: readonly Action[], billed: boolean): ActionResult[] {
  const results: ActionResult[] = [];
  let stopped = false;
  for (const action of actions) {
    const result = stopped ? { reason: noReason } : tryAction(context, action, billed);
    if (result.stops) stopped = true;
    results.push(result);
  }
  return results;
}

/**
 * TransactWriteItems: up to 100 Put/Update/Delete/ConditionCheck actions on distinct
 * items, all or nothing in one storage transaction (so also across processes and a
 * crash). A `ClientRequestToken` makes a retry within 10 minutes a no-op.
 */
export const transactWriteItems: OperationHandler = (context, input) => {
  const entries = input.TransactItems as TransactWriteAction[];
  checkTransactItemCount(entries);
  const actions = prepareActions(context, entries);
  // Puts count their item; the other actions only carry a key.
  checkTransactionPayload(actions.map(({ write }) => write.itemSize ?? itemSize(write.item ?? write.key)));
  const seen = new Set<string>();
  for (const { write } of actions) {
    if (write.keyError) continue;
    const identity = itemIdentity(write.tableName, write.table, write.key);
    if (seen.has(identity)) throw validationError('Transaction request cannot include multiple operations on one item');
    seen.add(identity);
  }
  const { storage } = context;
  // Every item read, condition check and write below runs in one `BEGIN IMMEDIATE`
  // transaction, which holds SQLite's write lock until it commits: transactions from other
  // connections or processes on the same file wait (busy timeout) instead of interleaving.
  // Nothing can change an item between our check and our write, so the
  // TransactionConflictException DynamoDB raises for that race never arises here.
  const response = storage.writeTransaction(() => {
    const token: string | undefined = input.ClientRequestToken;
    const hash = token !== undefined ? requestHash(entries) : '';
    const tokens = token !== undefined ? new ClientRequestTokens(storage.database, context.now()) : undefined;
    const usage = new UsageByTable('write');
    if (tokens && token !== undefined && tokens.isReplay(token, hash)) {
      // A replay writes nothing; DynamoDB charges reading the items back.
      for (const { write } of actions) {
        usage.add(write.tableName, readUsage(storage.getItem(write.table, write.key), { consistent: true, transactional: true }));
      }
      const replay: Record<string, unknown> = {};
      const consumed = usage.toResponse(input.ReturnConsumedCapacity);
      if (consumed) replay.ConsumedCapacity = consumed;
      return replay;
    }
    // The usage is only worked out when the answer reports it.
    const billed = input.ReturnConsumedCapacity === 'TOTAL' || input.ReturnConsumedCapacity === 'INDEXES';
    const results = tryActions(context, actions, billed);
    const reasons = results.map((result) => result.reason);
    if (isCancelled(reasons)) throw transactionCanceled(reasons);
    const metrics: Record<string, ItemCollectionMetrics[]> = {};
    actions.forEach(({ write }, position) => {
      const outcome = results[position].outcome as WriteOutcome;
      commitWrite(storage, write, outcome);
      if (billed) usage.add(write.tableName, writeUsage(write.table, outcome.before, outcome.after, true));
    });
    if (input.ReturnItemCollectionMetrics === 'SIZE') {
      for (const { write } of actions) {
        if (write.kind === 'ConditionCheck') continue;
        const entry = itemCollectionMetrics(storage, write.table, write.key);
        if (entry) (metrics[write.tableName] ??= []).push(entry);
      }
    }
    if (tokens && token !== undefined) tokens.remember(token, hash);
    const response: Record<string, unknown> = {};
    const consumed = usage.toResponse(input.ReturnConsumedCapacity);
    if (consumed) response.ConsumedCapacity = consumed;
    if (Object.keys(metrics).length > 0) response.ItemCollectionMetrics = metrics;
    return response;
  });
  // Completed: the token table it used (and maybe created) cannot be rolled back any more.
  if (input.ClientRequestToken !== undefined) tokenTableKept(storage.database);
  return response;
};
