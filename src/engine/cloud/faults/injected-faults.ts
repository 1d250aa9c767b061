import type { DynamoDBError } from '../../errors.js';
import type { FaultRule } from '../cloud-options.js';
import { tableArn } from '../../operations/tables/table-arn.js';
import type { EngineContext } from '../../operations/operation.js';
import type { RequestTargets, TouchedItem } from '../request-targets.js';
import type { SeededRandom } from '../seeded-random.js';
import { checkFaultRule, TRANSACTION_OPERATIONS } from './fault-rule-check.js';
import { faultError } from './fault-errors.js';

/** How one injected fault rule fared: requests it matched and how many of them it failed. */
export interface FaultReport {
  readonly rule: FaultRule;
  /** Requests the rule matched (operation, table, index and key) while it was active. */
  readonly matched: number;
  /** Requests it answered with its error. */
  readonly injected: number;
}

const READ_OPERATIONS: ReadonlySet<string> = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);

interface ActiveRule {
  readonly rule: FaultRule;
  matched: number;
  injected: number;
}

/**
 * The fault rules of one engine, checked in order before each request: the first rule that
 * fails the request answers it (later rules do not see it). `times` rules stop matching
 * once spent; `probability` draws from the seeded source `faults`.
 */
export class InjectedFaults {
  private rules: ActiveRule[] = [];

  constructor(private readonly random: SeededRandom) {}

  /** Adds rules after checking each (`CloudOptionsError` names the rule as `faults[i]`). */
  add(rules: readonly unknown[], path: string): void {
    const checked = rules.map((rule, index) => checkFaultRule(rule, `${path}[${index}]`));
    for (const rule of checked) this.rules.push({ rule, matched: 0, injected: 0 });
  }

  clear(): void {
    this.rules = [];
  }

  get size(): number {
    return this.rules.length;
  }

  report(): FaultReport[] {
    return this.rules.map(({ rule, matched, injected }) => ({ rule, matched, injected }));
  }

  /** The error to answer this request with, or `undefined` to answer it as usual. */
  errorFor(context: EngineContext, operation: string, targets: RequestTargets): DynamoDBError | undefined {
    for (const active of this.rules) {
      const { rule } = active;
      if (rule.times !== undefined && active.injected >= rule.times) continue;
      const positions = matchOf(rule, operation, targets);
      if (positions === undefined) continue;
      active.matched++;
      if (!this.fires(active)) continue;
      active.injected++;
      const table = rule.table ?? targets.tables[0];
      return faultError(
        rule.error,
        {
          tableArn: table === undefined ? undefined : tableArn(context, table),
          index: rule.index ?? targets.index,
          access: READ_OPERATIONS.has(operation) ? 'Read' : 'Write',
        },
        rule.reason === undefined ? undefined : { reason: rule.reason, actionCount: targets.actionCount, positions },
      );
    }
    return undefined;
  }

  private fires(active: ActiveRule): boolean {
    const { every, probability } = active.rule;
    if (every !== undefined) return active.matched % every === 0;
    if (probability !== undefined) return this.random.next() < probability;
    return true;
  }
}

const NO_POSITIONS: ReadonlySet<number> = new Set();

/**
 * Whether the rule matches the request: `undefined` if not, else the transaction actions it
 * matches (every action when the rule names no table or key; empty for other operations).
 */
function matchOf(rule: FaultRule, operation: string, targets: RequestTargets): ReadonlySet<number> | undefined {
  if (rule.operation === '*') {
    if (rule.error === 'TransactionCanceledException' && !TRANSACTION_OPERATIONS.has(operation)) return undefined;
  } else if (rule.operation !== operation) return undefined;
  if (rule.index !== undefined && targets.index !== rule.index) return undefined;
  if (rule.table !== undefined && !targets.tables.includes(rule.table)) return undefined;
  const matching =
    rule.table === undefined && rule.key === undefined
      ? targets.items
      : targets.items.filter((item) => itemMatches(rule, item));
  if (rule.key !== undefined && matching.length === 0) return undefined;
  if (targets.actionCount === 0) return NO_POSITIONS;
  if (rule.table === undefined && rule.key === undefined) {
    return new Set(Array.from({ length: targets.actionCount }, (_, position) => position));
  }
  return new Set(matching.map((item) => item.position as number));
}

function itemMatches(rule: FaultRule, item: TouchedItem): boolean {
  if (rule.table !== undefined && item.table !== rule.table) return false;
  if (rule.key === undefined) return true;
  for (const [name, value] of Object.entries(rule.key)) {
    const actual = item.attributes?.[name];
    if (actual === undefined || JSON.stringify(actual) !== JSON.stringify(value)) return false;
  }
  return true;
}
