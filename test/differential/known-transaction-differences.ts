import type { KnownDifference } from './allowlist.js';
import type { Observation } from './execute-step.js';
import { stable } from './normalize.js';

/**
 * Known differences in TransactWriteItems (see allowlist.ts for the contract). DynamoDB
 * validates the whole request before it reads any item and reports one cancellation reason
 * per action; DynamoDB Local validates and evaluates one action at a time.
 */

type Body = Record<string, unknown>;

const isError = (observation: Observation, type: string) =>
  observation.status === 400 && observation.body.__type === type;

/** Failures that depend on the stored item, met while an update is evaluated. */
const ITEM_DEPENDENT_UPDATE_FAILURES = new Set([
  'The provided expression refers to an attribute that does not exist in the item',
  'An operand in the update expression has an incorrect data type',
  'The document path provided in the update expression is invalid for update',
]);

const INDEX_KEY_TYPE_MISMATCH =
  /^One or more parameter values were invalid: Type mismatch for Index Key \S+ Expected: [SNB] Actual: \w+ IndexName: \S+$/;

const reasonsOf = (observation: Observation) => (observation.body.CancellationReasons as Body[] | undefined) ?? [];

const adoptEngine = (reference: Observation, engine: Observation) => {
  reference.status = engine.status;
  reference.body = engine.body;
};

export const KNOWN_TRANSACTION_DIFFERENCES: readonly KnownDifference[] = [
  {
    name: 'request validated before any item is read',
    why:
      'A transaction whose later action is malformed (substitutions without an expression, an index key given a list) and whose ' +
      'earlier Update cannot apply to its stored item: DynamoDB validates the whole request first and rejects the malformed ' +
      'action; DynamoDB Local evaluates the Update against its item before it validates the later action.',
    reconcile(step, _table, reference, engine) {
      if (
        step.op !== 'TransactWriteItems' ||
        !isError(reference, 'ValidationException') ||
        !isError(engine, 'ValidationException')
      )
        return;
      const theirs = String(reference.body.message);
      const ours = String(engine.body.message);
      if (ITEM_DEPENDENT_UPDATE_FAILURES.has(theirs) && !ITEM_DEPENDENT_UPDATE_FAILURES.has(ours))
        adoptEngine(reference, engine);
    },
  },
  {
    name: 'one cancellation reason per action for a key attribute update',
    why:
      'A transaction Update that sets a key attribute: both cancel the transaction with "Cannot update attribute …", but ' +
      "DynamoDB Local lists only that action's reason (and looks at no condition); DynamoDB returns one reason per action.",
    reconcile(step, _table, reference, engine) {
      if (step.op !== 'TransactWriteItems' || !isError(reference, 'TransactionCanceledException')) return;
      if (!isError(engine, 'TransactionCanceledException')) return;
      const theirs = reasonsOf(reference);
      const ours = reasonsOf(engine);
      const actions = (step.request.TransactItems as Body[]).length;
      if (theirs.length !== 1 || ours.length !== actions || actions === 1) return;
      const [only] = theirs;
      if (
        only.Code !== 'ValidationError' ||
        !/^One or more parameter values were invalid: Cannot update attribute /.test(String(only.Message))
      )
        return;
      if (ours.filter((reason) => stable(reason) === stable(only)).length === 1) adoptEngine(reference, engine);
    },
  },
  {
    name: 'transaction Update giving an index key another type, cancelled anyway',
    why:
      'A transaction Update that gives an index key attribute a value of another type, in a transaction that is cancelled: ' +
      'DynamoDB cancels that action with a ValidationError (Type mismatch for Index Key) and, as after any update that cannot ' +
      'apply, reports the later actions None; DynamoDB Local never checks index key types on update: it reports None there, ' +
      'or goes on to a later update that cannot apply and fails the whole request with that.',
    reconcile(step, _table, reference, engine) {
      if (step.op !== 'TransactWriteItems' || !isError(engine, 'TransactionCanceledException')) return;
      const ours = reasonsOf(engine);
      const actions = step.request.TransactItems as Body[];
      const at = ours.findIndex(
        (reason) => reason.Code === 'ValidationError' && INDEX_KEY_TYPE_MISMATCH.test(String(reason.Message)),
      );
      if (at < 0 || actions[at]?.Update === undefined) return;
      if (isError(reference, 'ValidationException')) {
        const laterFailure = ITEM_DEPENDENT_UPDATE_FAILURES.has(String(reference.body.message));
        if (laterFailure && ours.slice(at + 1).every((reason) => reason.Code === 'None'))
          adoptEngine(reference, engine);
        return;
      }
      if (!isError(reference, 'TransactionCanceledException')) return;
      const theirs = reasonsOf(reference);
      if (theirs.length !== ours.length || theirs[at].Code !== 'None') return;
      if (ours.slice(0, at).every((reason, i) => stable(reason) === stable(theirs[i]))) adoptEngine(reference, engine);
    },
  },
];
