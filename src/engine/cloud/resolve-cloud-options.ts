import { CloudOptionsError, describe, refuseUnknownMembers, requireObject } from './cloud-options-error.js';
import type { CloudOptions, FaultRule } from './cloud-options.js';
import { durationRangeOf, type DurationRange } from './duration-range.js';
import { checkFaultRule } from './faults/fault-rule-check.js';
import { resolveCapacityOptions, type ResolvedCapacityOptions } from './capacity/capacity-options.js';
import { realisticProfile } from './realistic-profile.js';

/** Cloud options checked, with the profile applied and every duration as a range. */
export interface ResolvedCloudOptions {
  readonly seed: number;
  readonly profile: 'realistic' | undefined;
  readonly consistency: {
    /** Absent: eventually consistent base-table reads see every change at once. */
    readonly replicationLagMs: DurationRange | undefined;
    /** Absent: index reads see every change at once. */
    readonly indexLagMs: DurationRange | undefined;
  };
  /** Absent: transactions are never in flight, so they meet no conflicts. */
  readonly transactions: { readonly inFlightMs: DurationRange } | undefined;
  /** Absent: nothing is metered or throttled for capacity. */
  readonly capacity: ResolvedCapacityOptions | undefined;
  readonly faults: readonly FaultRule[];
}

const OPTIONS = ['seed', 'profile', 'consistency', 'transactions', 'capacity', 'faults'];
const PROFILES = ['realistic'];

/**
 * Checks cloud options as given (from code or a JSON file: nothing is taken on trust) and
 * resolves them. Throws {@link CloudOptionsError} naming the first option that is wrong.
 */
export function resolveCloudOptions(options: unknown, path = 'cloud'): ResolvedCloudOptions {
  requireObject(options, path);
  refuseUnknownMembers(options, OPTIONS, path);
  const { seed, profile } = options as CloudOptions;
  if (seed !== undefined && (typeof seed !== 'number' || !Number.isFinite(seed))) {
    throw new CloudOptionsError(`${path}.seed`, `must be a number, not ${describe(seed)}`);
  }
  if (profile !== undefined && !PROFILES.includes(profile)) {
    throw new CloudOptionsError(
      `${path}.profile`,
      `${describe(profile)} is not a profile (known: ${PROFILES.join(', ')})`,
    );
  }
  const base: CloudOptions = profile === 'realistic' ? realisticProfile : {};
  const consistencyGiven = options.consistency;
  if (consistencyGiven !== undefined) {
    requireObject(consistencyGiven, `${path}.consistency`);
    refuseUnknownMembers(consistencyGiven, ['replicationLagMs', 'indexLagMs'], `${path}.consistency`);
  }
  const consistency = { ...base.consistency, ...(consistencyGiven as CloudOptions['consistency']) };
  const transactionsGiven = options.transactions;
  if (transactionsGiven !== undefined) {
    requireObject(transactionsGiven, `${path}.transactions`);
    refuseUnknownMembers(transactionsGiven, ['inFlightMs'], `${path}.transactions`);
    if (transactionsGiven.inFlightMs === undefined) {
      throw new CloudOptionsError(`${path}.transactions.inFlightMs`, 'is required with transactions');
    }
  }
  const transactions = (transactionsGiven as CloudOptions['transactions']) ?? base.transactions;
  const faults = options.faults ?? [];
  if (!Array.isArray(faults))
    throw new CloudOptionsError(`${path}.faults`, `must be a list of fault rules, not ${describe(faults)}`);
  return {
    seed: seed ?? 0,
    profile,
    consistency: {
      replicationLagMs: optionalRange(consistency.replicationLagMs, `${path}.consistency.replicationLagMs`),
      indexLagMs: optionalRange(consistency.indexLagMs, `${path}.consistency.indexLagMs`),
    },
    capacity: resolveCapacityOptions(options.capacity, `${path}.capacity`),
    transactions: transactions && {
      inFlightMs: durationRangeOf(transactions.inFlightMs, `${path}.transactions.inFlightMs`),
    },
    faults: faults.map((rule, index) => checkFaultRule(rule, `${path}.faults[${index}]`)),
  };
}

function optionalRange(value: unknown, path: string): DurationRange | undefined {
  return value === undefined ? undefined : durationRangeOf(value, path);
}
