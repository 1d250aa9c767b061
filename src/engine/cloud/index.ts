/**
 * The engine's opt-in cloud behaviour (docs/cloud-behaviour.md): options, their checks,
 * the seeded random sources, injected faults and transaction conflicts.
 */
export { CloudBehaviour } from './cloud-behaviour.js';
export type {
  CloudOptions,
  ConsistencyOptions,
  TransactionOptions,
  CapacityOptions,
  FaultRule,
  FaultErrorName,
  CancellationReasonCode,
  DurationMs,
} from './cloud-options.js';
export { CloudOptionsError } from './cloud-options-error.js';
export { resolveCloudOptions, type ResolvedCloudOptions } from './resolve-cloud-options.js';
export { SeededRandom } from './seeded-random.js';
export { drawDuration, type DurationRange } from './duration-range.js';
export { realisticProfile } from './realistic-profile.js';
