import { transactWriteItems as transactWriteItemsShape } from '../../validation/shapes/transact-operations.js';
import { DynamoDBError, validationError } from '../../errors.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { readUsage, UsageByTable, writeUsage, type CapacityMode } from '../../capacity/capacity-usage.js';
import { itemCollectionMetricsByTable } from '../../writes/item-collection-metrics.js';
import { KeyAttributePathError } from '../../keys/key-paths.js';
import { UpdateNestingError } from '../../values/nesting-levels.js';
import {
  checkWriteExpressions,
  prepareConditionCheck,
  prepareDelete,
  preparePut,
  prepareUpdate,
  type WriteRequest,
} from '../../writes/prepare-write.js';
import {
  commitWrite,
  ConditionFailure,
  evaluateWrite,
  type PreparedWrite,
  type WriteOutcome,
} from '../../writes/write-pipeline.js';
import {
  conditionFailedReason,
  noReason,
  transactionCanceled,
  validationReason,
  type CancellationReason,
} from './cancellation.js';
import { requestHash } from './request-hash.js';
import { hasDuplicateItem } from './duplicate-items.js';
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

const actionKinds = ['ConditionCheck', 'Put', 'Delete', 'Update'] as const;

/** The one member an entry must carry, or why it does not. */
function actionKind(entry: TransactWriteAction): (typeof actionKinds)[number] {
  let kind: (typeof actionKinds)[number] | undefined;
  let count = 0;
  for (const name of actionKinds) {
    if (entry[name] === undefined) continue;
    kind ??= name;
    count++;
  }
  if (kind === undefined) {
    throw validationError('Invalid Request: TransactWriteRequest should contain Delete or Put or Update request');
  }
  if (count > 1) throw validationError('TransactItems can only contain one of Check, Put, Update or Delete');
  return kind;
}

const transactionOptions = { transaction: true };

function prepareAction(context: Parameters<OperationHandler>[0], entry: TransactWriteAction): Action {
  const kind = actionKind(entry);
  const request = entry[kind] as NonNullable<TransactWriteAction[typeof kind]>;
  const write =
    kind === 'Put'
      ? preparePut(context, request, transactionOptions)
      : kind === 'Update'
        ? prepareUpdate(context, request, transactionOptions)
        : kind === 'Delete'
          ? prepareDelete(context, request, transactionOptions)
          : prepareConditionCheck(context, request, transactionOptions);
  return { write, returnOldOnFailure: request.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' };
}

/**
 * Problems DynamoDB Local finds only after every action's expressions are checked: substitutions
 * sent without an expression, an index key value of the wrong type in a Put.
 */
function isFoundAfterExpressions(error: unknown): boolean {
  if (!(error instanceof DynamoDBError)) return false;
  switch (error.reason) {
    case 'substitutions-without-expression':
    case 'index-key-type-mismatch':
    case 'index-key-not-scalar':
      return true;
    default:
      return false;
  }
}

/** A problem in an expression itself: syntax, names or values undefined or unused. */
function isExpressionError(error: unknown): boolean {
  if (!(error instanceof DynamoDBError)) return false;
  switch (error.reason) {
    case 'invalid-expression':
    case 'between-bounds-reversed':
    case 'unused-expression-attributes':
      return true;
    default:
      return false;
  }
}

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
      const withoutExpression = error instanceof DynamoDBError && error.reason === 'substitutions-without-expression';
      if (request && !withoutExpression) checkWriteExpressions(context, request, entry.Update !== undefined);
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
  try {
    // A Put without condition cannot fail: only its capacity depends on the stored item.
    return {
      outcome: evaluateWrite(context.storage, action.write, billed),
      reason: noReason,
    };
  } catch (error) {
    if (error instanceof ConditionFailure) {
      return { reason: conditionFailedReason(action.returnOldOnFailure ? error.before : undefined, action.write.kind) };
    }
    // A path into a key attribute, or an update nesting past 32 levels, fails the whole
    // request when its action is reached (after the conditions of the actions before it
    // and of its own); other problems applying an update cancel the transaction with this
    // action's ValidationError.
    if (error instanceof KeyAttributePathError || error instanceof UpdateNestingError) throw error;
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
function tryActions(
  context: Parameters<OperationHandler>[0],
  actions: readonly Action[],
  billed: boolean,
): ActionResult[] {
  const results: ActionResult[] = [];
  let stopped = false;
  for (const action of actions) {
    const result = stopped ? { reason: noReason } : tryAction(context, action, billed);
    if (result.stops) stopped = true;
    results.push(result);
  }
  return results;
}

/** TransactWriteItems' request. */
export interface TransactWriteItemsRequest {
  readonly TransactItems: readonly TransactWriteAction[];
  readonly ClientRequestToken?: string;
  readonly ReturnConsumedCapacity?: CapacityMode;
  readonly ReturnItemCollectionMetrics?: 'SIZE' | 'NONE';
}

/**
 * TransactWriteItems: up to 100 Put/Update/Delete/ConditionCheck actions on distinct
 * items, all or nothing in one storage transaction (so also across processes and a
 * crash). A `ClientRequestToken` makes a retry within 10 minutes a no-op.
 */
export const transactWriteItems: OperationHandler<TransactWriteItemsRequest> = (context, input) => {
  const entries = input.TransactItems as TransactWriteAction[];
  checkTransactItemCount(entries);
  const actions = prepareActions(context, entries);
  checkTransactionPayload(actions);
  if (hasDuplicateItem(actions))
    throw validationError('Transaction request cannot include multiple operations on one item');
  const { storage } = context;
  const token: string | undefined = input.ClientRequestToken;
  // Every item read, condition check and write below runs in one `BEGIN IMMEDIATE`
  // transaction, which holds SQLite's write lock until it commits: transactions from other
  // connections or processes on the same file wait (busy timeout) instead of interleaving.
  // Nothing can change an item between our check and our write, so the
  // TransactionConflictException DynamoDB raises for that race never arises here.
  const response = storage.writeTransaction(() => {
    // Claimed before the actions run: a cancellation rolls the claim back with the rest.
    if (token !== undefined) {
      const claim = storage.claimRequestToken(token, requestHash(entries, context.caches.canonicalJson), context.now());
      if (claim === 'mismatch') throw new DynamoDBError('IdempotentParameterMismatchException', '');
      if (claim === 'replay') return replayResponse(context, actions, input.ReturnConsumedCapacity);
    }
    // The usage is only worked out when the answer reports it.
    const billed = input.ReturnConsumedCapacity === 'TOTAL' || input.ReturnConsumedCapacity === 'INDEXES';
    const results = tryActions(context, actions, billed);
    if (anyCancels(results)) throw transactionCanceled(results.map((result) => result.reason));
    const usage = billed ? new UsageByTable('write') : undefined;
    for (let position = 0; position < actions.length; position++) {
      const { write } = actions[position];
      const outcome = results[position].outcome as WriteOutcome;
      commitWrite(storage, write, outcome);
      usage?.add(write.tableName, writeUsage(write.table, outcome.before?.item, outcome.after, true));
    }
    const response: Record<string, unknown> = {};
    const consumed = usage?.toResponse(input.ReturnConsumedCapacity);
    if (consumed) response.ConsumedCapacity = consumed;
    if (input.ReturnItemCollectionMetrics === 'SIZE') {
      // A ConditionCheck writes no item, so it has no collection to report.
      const written = actions.map((action) => action.write).filter((write) => write.kind !== 'ConditionCheck');
      const metrics = itemCollectionMetricsByTable(context.storage, written);
      if (metrics) response.ItemCollectionMetrics = metrics;
    }
    return response;
  });
  return response;
};

/** Whether any action's reason cancels the transaction (as `isCancelled` of the reasons). */
function anyCancels(results: readonly ActionResult[]): boolean {
  for (const result of results) if (result.reason.Code !== 'None') return true;
  return false;
}

/** A replay writes nothing; DynamoDB charges reading the items back. */
function replayResponse(
  context: Parameters<OperationHandler>[0],
  actions: readonly Action[],
  mode: CapacityMode | undefined,
): Record<string, unknown> {
  const { storage } = context;
  const usage = new UsageByTable('write');
  for (const { write } of actions) {
    usage.add(
      write.tableName,
      readUsage(storage.getItem(write.table, write.key)?.item, { consistent: true, transactional: true }),
    );
  }
  const replay: Record<string, unknown> = {};
  const consumed = usage.toResponse(mode);
  if (consumed) replay.ConsumedCapacity = consumed;
  return replay;
}

/** TransactWriteItems: its request shape and its handler (operations/registry.ts lists every definition). */
export const transactWriteItemsOperation = defineOperation({
  name: 'TransactWriteItems',
  shape: transactWriteItemsShape,
  handler: transactWriteItems,
});
