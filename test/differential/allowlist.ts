import type { Observation } from './execute-step.js';
import type { Step } from './read-requests.js';
import type { TableModel } from './table-model.js';

/**
 * The known, intentional differences between DynamoDB Local 1.25.1 and our engine: where
 * DynamoDB Local answers differently from the DynamoDB service, the engine follows the
 * service. Each entry erases exactly its difference from both observations before they
 * are compared, and says why. Keep this list short: anything else is a bug.
 */
export interface KnownDifference {
  readonly name: string;
  readonly why: string;
  reconcile(step: Step, table: TableModel, reference: Observation, engine: Observation): void;
}

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [];

/** Applies every known difference, in order. */
export function reconcileKnownDifferences(step: Step, table: TableModel, reference: Observation, engine: Observation): void {
  for (const difference of KNOWN_DIFFERENCES) difference.reconcile(step, table, reference, engine);
}
