/** Bytes one read capacity unit covers (strongly consistent). */
export const readUnitBytes = 4 * 1024;
/** Bytes one write capacity unit covers. */
export const writeUnitBytes = 1024;

export interface ReadCapacityOptions {
  /** Strongly consistent read (`ConsistentRead: true`); eventually consistent reads cost half. */
  readonly consistent?: boolean;
  /** Part of a transaction: twice a consistent read (transactional reads are always consistent). */
  readonly transactional?: boolean;
}

export interface WriteCapacityOptions {
  /** Part of a transaction: twice the units. */
  readonly transactional?: boolean;
}

/**
 * Read units for `bytes` read at once: one unit per 4 KB, rounded up, at least one (a
 * missing item still costs one); halved when eventually consistent, doubled when
 * transactional. GetItem and BatchGetItem pass each item's size, Query and Scan the sum
 * of everything read.
 *
 * @example
 * readCapacityUnits(5000, { consistent: false }) // → 1
 */
export function readCapacityUnits(bytes: number, options: ReadCapacityOptions = {}): number {
  const units = Math.max(1, Math.ceil(bytes / readUnitBytes));
  if (options.transactional) return units * 2;
  return options.consistent ? units : units / 2;
}

/**
 * Write units for one item of `bytes`: one unit per 1 KB, rounded up, at least one;
 * doubled when transactional. Put and Update pass the larger of the item before and after.
 *
 * @example
 * writeCapacityUnits(1025) // → 2
 */
export function writeCapacityUnits(bytes: number, options: WriteCapacityOptions = {}): number {
  const units = Math.max(1, Math.ceil(bytes / writeUnitBytes));
  return options.transactional ? units * 2 : units;
}
