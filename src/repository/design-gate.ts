import { checkDesign, type DesignCheckResult } from '../model/design-check.js';
import type { ModelDefinition } from '../model/model.js';
import { DesignCheckFailedError } from './errors.js';

/**
 * Whether a repository runs the design check on its model: `'enforce'` (the default) refuses a
 * model with an unserved access pattern; `'skip'` is for admin tools (a console, a data copy, a
 * migration script) that must open any table, however its patterns are declared.
 */
export type DesignCheckMode = 'enforce' | 'skip';

// Models are frozen plain data declared once and used by many repositories (one per request in a
// server, one per test): the check runs once per model object, and the entry goes with the model.
const results = new WeakMap<ModelDefinition, DesignCheckResult>();

/** The design check of `model`, computed on its first use and remembered for the same object. */
export function designCheckOf(model: ModelDefinition): DesignCheckResult {
  let result = results.get(model);
  if (!result) {
    result = checkDesign(model);
    results.set(model, result);
  }
  return result;
}

/**
 * Throws {@link DesignCheckFailedError} when `model` has an access pattern no key serves, so that
 * such a pattern fails when the repository is built rather than returning nothing when queried.
 *
 * @example
 * requireServedPatterns(model); // DesignCheckFailedError: … 'listByStatus' is not served: …
 */
export function requireServedPatterns(model: ModelDefinition, mode: DesignCheckMode = 'enforce'): void {
  if (mode === 'skip') return;
  const result = designCheckOf(model);
  if (!result.ok) throw new DesignCheckFailedError(model.table.name, result.problems);
}
