import { CloudOptionsError, describe, refuseUnknownMembers, requireObject } from '../cloud-options-error.js';

/**
 * The service's per-partition ceiling: "each individual partition is limited to 1,000 write
 * units per second and 3,000 read units per second" (DynamoDB Developer Guide,
 * warm-throughput-scenarios; the same figures in bp-partition-key-design).
 */
export const SERVICE_PARTITION_READ_UNITS = 3000;
export const SERVICE_PARTITION_WRITE_UNITS = 1000;

/** Capacity options checked, every figure given. */
export interface ResolvedCapacityOptions {
  readonly partitionReadUnits: number;
  readonly partitionWriteUnits: number;
}

/** Checks the `capacity` option: `undefined` or `false` (off), `true` (the service's figures), or figures overriding them. */
export function resolveCapacityOptions(value: unknown, path: string): ResolvedCapacityOptions | undefined {
  if (value === undefined || value === false) return undefined;
  const figures = {
    partitionReadUnits: SERVICE_PARTITION_READ_UNITS,
    partitionWriteUnits: SERVICE_PARTITION_WRITE_UNITS,
  };
  if (value === true) return figures;
  requireObject(value, path);
  refuseUnknownMembers(value, Object.keys(figures), path);
  for (const name of Object.keys(figures) as (keyof ResolvedCapacityOptions)[]) {
    const given = value[name];
    if (given === undefined) continue;
    if (typeof given !== 'number' || !Number.isFinite(given) || given <= 0) {
      throw new CloudOptionsError(
        `${path}.${name}`,
        `must be a number of units per second above 0, not ${describe(given)}`,
      );
    }
    figures[name] = given;
  }
  return figures;
}
