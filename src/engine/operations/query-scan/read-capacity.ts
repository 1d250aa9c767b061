import { consumedCapacity, readCapacityUnits } from '../../capacity/index.js';
import type { ReadTarget } from './read-target.js';

/** Bytes a page read, split as DynamoDB bills them. */
export interface ReadBytes {
  /** Items read from the table or the index (before filter and projection), summed. */
  readonly bytesRead: number;
  /** Sizes of the table items fetched one by one for an LSI that does not project what was asked. */
  readonly fetchedItemSizes: readonly number[];
}

/**
 * The `ConsumedCapacity` member of a Query or Scan response (undefined unless asked).
 * The items read are summed and rounded once to 4 KB units; eventually consistent reads
 * cost half. Reading an index bills the index; the table items an LSI fetches are billed
 * to the table, each rounded on its own as a GetItem is.
 */
export function readConsumedCapacity(
  mode: string | undefined,
  target: ReadTarget,
  consistent: boolean,
  bytes: ReadBytes,
): Record<string, unknown> | undefined {
  if (mode === undefined || mode === 'NONE') return undefined;
  const options = { consistent, transactional: false };
  const readUnits = readCapacityUnits(bytes.bytesRead, options);
  const index = target.index;
  if (!index) {
    return consumedCapacity(mode, target.table.name, { table: { read: readUnits } }) as
      | Record<string, unknown>
      | undefined;
  }
  const fetchUnits = bytes.fetchedItemSizes.reduce((sum, size) => sum + readCapacityUnits(size, options), 0);
  const indexUsage = { [index.name]: { read: readUnits } };
  const usage =
    index.kind === 'global'
      ? { table: { read: fetchUnits }, globalIndexes: indexUsage }
      : { table: { read: fetchUnits }, localIndexes: indexUsage };
  return consumedCapacity(mode, target.table.name, usage) as Record<string, unknown> | undefined;
}
