import type { CloudOptions } from './cloud-options.js';

/**
 * `profile: 'realistic'`: the service's typical figures, each from the facts
 * docs/cloud-behaviour.md cites.
 *
 * - Replication: a write "is eventually consistent across all storage locations, usually
 *   within one second or less" (DynamoDB Developer Guide, HowItWorks.ReadConsistency, 2023).
 * - Indexes: "Changes to the table data are propagated to the global secondary indexes
 *   within a fraction of a second, under normal conditions" (Developer Guide, GSI, 2023).
 *
 * No figure is documented for how long a transaction is in flight, so the profile sets none:
 * give `transactions.inFlightMs` beside it.
 */
export const realisticProfile: CloudOptions = {
  consistency: { replicationLagMs: [0, 1000], indexLagMs: [0, 1000] },
};
