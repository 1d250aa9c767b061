import { PreparedExpressions } from './expressions/prepared-expressions.js';
import { CanonicalJsonWriter } from './operations/transact/canonical-json.js';
import { StatementCache } from './partiql/statement-cache.js';

/**
 * Everything one engine remembers between requests to answer the next one sooner, and the
 * scratch space it reuses: owned by the engine (on its context), so no engine's work can
 * reach another's, each part bounded, all of it dropped by {@link clear}
 * (`Engine.clearCaches()`, and `Engine.close()`). None of it changes an answer: a cleared
 * cache only makes the next requests do the work again.
 *
 * - `expressions` (`PreparedExpressions`, expressions/prepared-expressions.ts): expressions
 *   parsed and put through their text-only checks once, by kind and text (at most 500 per
 *   kind, oldest dropped first).
 * - `partiqlStatements` (`StatementCache`, partiql/statement-cache.ts): parsed PartiQL
 *   statements by text, at most 500, least recently used dropped first.
 * - `canonicalJson` (`CanonicalJsonWriter`, operations/transact/canonical-json.ts): the key
 *   stack a ClientRequestToken's request hash is written with (room for 256 keys kept) and
 *   the `"key":` prefixes seen (at most 1000 of each kind, then no more are kept).
 *
 * Not here, and why: storage keeps its own per-table state (prepared statements, the last
 * segment hash and creation time of a table's writes) on the objects of the engine's
 * storage; module-level tables that never change after the module loads (reserved words,
 * request shapes and their compiled checks) are constants, not caches. The few module-level
 * variables that do change (the process's pool of private in-memory databases, lazily loaded
 * dependencies, lookups keyed by the user's SDK client) are listed with their reasons in
 * docs/engine-internals.md ("Module-level state"); none holds an engine's data.
 *
 * @example
 * const caches = new EngineCaches();
 * caches.partiqlStatements.parse('SELECT * FROM "t"');
 * caches.clear(); // → caches.size === 0
 */
export class EngineCaches {
  readonly expressions = new PreparedExpressions();
  readonly partiqlStatements = new StatementCache();
  readonly canonicalJson = new CanonicalJsonWriter();

  /** Entries held (prepared expressions and PartiQL statements), for tests and diagnostics. */
  get size(): number {
    return this.expressions.size + this.partiqlStatements.size;
  }

  clear(): void {
    this.expressions.clear();
    this.partiqlStatements.clear();
    this.canonicalJson.clear();
  }
}
