import { checkDesign, type DesignFinding } from '../model/design-check.js';
import { ModelError } from '../model/errors.js';
import type { ModelDefinition } from '../model/model.js';

/** Options of {@link expectDesignOk}. */
export interface ExpectDesignOkOptions {
  /** Fail on warnings too (an entity no pattern reads, an undeclared index membership). Default false. */
  readonly failOnWarnings?: boolean;
}

/**
 * {@link expectDesignOk} failed: every finding of the design check is in the message (one line
 * each, as `monotable design check` prints them) and in `payload`, warnings included. A plain
 * `Error` subclass, so any test runner reports it as a failed assertion. (A repository refusing
 * a model throws the repository's own `DesignCheckFailedError`, which quotes the first problems.)
 *
 * @example
 * try { expectDesignOk(model) } catch (e) { if (e instanceof DesignAssertionError) console.log(e.payload.problems) }
 */
export class DesignAssertionError extends ModelError<
  'DesignAssertion',
  {
    readonly tableName: string;
    readonly problems: readonly DesignFinding[];
    readonly warnings: readonly DesignFinding[];
  }
> {
  constructor(tableName: string, problems: readonly DesignFinding[], warnings: readonly DesignFinding[]) {
    const lines = [
      ...problems.map((finding) => `  ✗ ${finding.pattern}: ${finding.reason}`),
      ...warnings.map((finding) => `  ! ${finding.pattern}: ${finding.reason}`),
    ];
    const counts = [
      problems.length > 0 ? plural(problems.length, 'problem') : undefined,
      warnings.length > 0 ? plural(warnings.length, 'warning') : undefined,
    ].filter((count) => count !== undefined);
    super('DesignAssertion', `design check of table ${tableName}: ${counts.join(', ')}\n${lines.join('\n')}`, {
      tableName,
      problems,
      warnings,
    });
  }
}

/**
 * Asserts that the model passes the design check (`checkDesign`): every access pattern served by
 * a key condition on the table or an index. Throws {@link DesignAssertionError} listing every
 * finding otherwise; warnings are listed with the problems, and fail only with `failOnWarnings`.
 *
 * @example
 * it('serves every access pattern with a key', () => expectDesignOk(model));
 */
export function expectDesignOk(model: ModelDefinition, options: ExpectDesignOkOptions = {}): void {
  const { problems, warnings } = checkDesign(model);
  if (problems.length > 0 || (options.failOnWarnings && warnings.length > 0))
    throw new DesignAssertionError(model.table.name, problems, warnings);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
