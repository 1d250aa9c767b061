/**
 * Capacity arithmetic for `ReturnConsumedCapacity`.
 * See docs/engine-internals.md for the contract these exports keep.
 */
export { readCapacityUnits, writeCapacityUnits, readUnitBytes, writeUnitBytes } from './capacity-units.js';
export type { ReadCapacityOptions, WriteCapacityOptions } from './capacity-units.js';
export { consumedCapacity } from './consumed-capacity.js';
export type {
  Capacity,
  CapacityUsage,
  ConsumedCapacity,
  ReturnConsumedCapacity,
  TableCapacityUsage,
} from './consumed-capacity.js';
