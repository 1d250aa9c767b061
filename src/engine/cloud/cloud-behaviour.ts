import type { EngineContext } from '../operations/operation.js';
import type { CloudOptions, FaultRule } from './cloud-options.js';
import { drawDuration, type DurationRange } from './duration-range.js';
import { InjectedFaults, type FaultReport } from './faults/injected-faults.js';
import { requestTargetsOf } from './request-targets.js';
import { resolveCloudOptions, type ResolvedCloudOptions } from './resolve-cloud-options.js';
import { SeededRandom } from './seeded-random.js';
import { InFlightTransactions } from './transactions/in-flight-transactions.js';
import { PartitionThroughput } from './capacity/partition-throughput.js';

/**
 * One engine's cloud behaviour: its checked options, the seeded random sources its
 * behaviours draw from, and the behaviours that act on requests (injected faults, transactions in flight). The
 * engine holds one only when `cloud` was given or a fault injected (`engine.cloud`,
 * `context.cloud`); with it absent, nothing of the cloud behaviour runs.
 *
 * @example
 * const engine = new Engine({ inMemory: true, cloud: { seed: 7, consistency: { indexLagMs: [50, 200] } } });
 * engine.cloud?.options.consistency.indexLagMs; // [50, 200]
 */
export class CloudBehaviour {
  readonly options: ResolvedCloudOptions;
  private readonly randoms = new Map<string, SeededRandom>();
  private readonly faults: InjectedFaults;
  /** Transactions in flight, when `transactions.inFlightMs` is set. */
  private readonly transactions: InFlightTransactions | undefined;
  /** Per-partition throughput limits, when `capacity` is on. */
  private readonly capacity: PartitionThroughput | undefined;

  /** Throws `CloudOptionsError` naming the first option that is wrong. */
  constructor(options: CloudOptions) {
    this.options = resolveCloudOptions(options);
    this.faults = new InjectedFaults(this.random('faults'));
    this.faults.add(this.options.faults, 'cloud.faults');
    const inFlight = this.options.transactions?.inFlightMs;
    this.transactions = inFlight && new InFlightTransactions(inFlight, this.random('transactions'));
    this.capacity = this.options.capacity && new PartitionThroughput(this.options.capacity);
  }

  /**
   * The random source for one purpose (`'replication-lag'`, `'faults'`, …), derived from
   * the seed and the purpose: each behaviour draws from its own, so turning one on never
   * changes the draws of another.
   */
  random(purpose: string): SeededRandom {
    let random = this.randoms.get(purpose);
    if (random === undefined) {
      random = new SeededRandom(this.options.seed, purpose);
      this.randoms.set(purpose, random);
    }
    return random;
  }

  /** One draw of a duration option from the source of `purpose`. */
  draw(range: DurationRange, purpose: string): number {
    return drawDuration(range, this.random(purpose));
  }

  /** Adds fault rules (checked: `CloudOptionsError` names a wrong one as `faults[i]`). */
  injectFaults(rules: readonly FaultRule[]): void {
    if (!Array.isArray(rules)) throw new TypeError('injectFaults takes a list of fault rules');
    this.faults.add(rules, 'faults');
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** Each fault rule with the requests it matched and failed, in the order they were added. */
  faultReport(): FaultReport[] {
    return this.faults.report();
  }

  /**
   * Runs one request once it passed the shape check: an injected fault answers it with its
   * error, a transaction in flight refuses or cancels it, a partition over its throughput
   * limit throttles it, else `handle` answers it (with a BatchWriteItem's requests for items in
   * flight taken out).
   */
  run(
    context: EngineContext,
    operation: string,
    input: Record<string, unknown>,
    handle: (input: Record<string, unknown>) => Record<string, unknown>,
  ): Record<string, unknown> {
    if (this.faults.size > 0) {
      const error = this.faults.errorFor(context, operation, requestTargetsOf(operation, input));
      if (error !== undefined) throw error;
    }
    const capacity = this.capacity;
    const admitted =
      capacity === undefined
        ? handle
        : (checked: Record<string, unknown>) => capacity.run(context, operation, checked, handle);
    return this.transactions === undefined
      ? admitted(input)
      : this.transactions.run(context, operation, input, admitted);
  }
}
