/**
 * An item step's writes, many per request. A backfill makes one small conditional update per
 * item; sent alone, each pays a whole request (SDK stack, HTTP, one storage transaction), which
 * is most of its cost on a local engine. Here up to 100 of them go in one TransactWriteItems,
 * every update still on its own condition (the item unchanged since it was read). When one item
 * changed in between (a concurrent writer), DynamoDB cancels the whole transaction and writes
 * nothing: each change of it is then sent alone, which re-reads the item that lost its race.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EntityDefinition } from '../model/entity.js';
import { capacityUnitsOf } from '../repository/capacity.js';
import { transactItemsOf, writeItemChange, type ChangeOf, type ItemChange, type ItemOutcome } from './item-writes.js';

/** DynamoDB's limits of one TransactWriteItems: 100 actions and 4 MB of items. */
export const MAX_TRANSACTION_ITEMS = 100;
const MAX_TRANSACTION_BYTES = 4 * 1024 * 1024;

/** An item read by the step and the change computed for it. */
export interface PendingChange {
  /** Position in its page (failures are reported by position). */
  readonly position: number;
  readonly stored: Readonly<Record<string, unknown>>;
  readonly change: ItemChange;
}

/** What became of one pending change. */
export type ChangeResult =
  | { readonly position: number; readonly outcome: ItemOutcome }
  | { readonly position: number; readonly error: unknown };

/**
 * How many changes go in one transaction when the caller does not say: 100 against a local
 * engine (in process or on a loopback endpoint), where a request's fixed cost dominates; 1 on
 * DynamoDB, where a transactional write costs twice the write units of a single one and single
 * writes in flight are as fast.
 */
export async function defaultChangesPerTransaction(client: DynamoDBClient): Promise<number> {
  const endpoint = client.config.endpoint ? await client.config.endpoint() : undefined;
  const host = endpoint?.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '::1' || host?.startsWith('127.') === true;
  return loopback ? MAX_TRANSACTION_ITEMS : 1;
}

/**
 * Groups changes into requests: a move (a rewrite: put the new key, delete the old one) alone,
 * as its own transaction; the others by up to `perTransaction` and 4 MB.
 */
export function groupChanges(pending: readonly PendingChange[], perTransaction: number): PendingChange[][] {
  const groups: PendingChange[][] = [];
  let group: PendingChange[] = [];
  let bytes = 0;
  for (const entry of pending) {
    if (entry.change.moveTo || perTransaction <= 1) {
      groups.push([entry]);
      continue;
    }
    const size = JSON.stringify(entry.stored).length;
    if (group.length >= perTransaction || (group.length > 0 && bytes + size > MAX_TRANSACTION_BYTES)) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(entry);
    bytes += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** Sends one group: alone as a single write, else as one transaction (each change alone if it is cancelled). */
export async function writeGroup(
  documents: DynamoDBDocumentClient,
  tableName: string,
  entity: EntityDefinition,
  group: readonly PendingChange[],
  changeOf: ChangeOf,
  maxAttempts: number,
): Promise<ChangeResult[]> {
  const alone = (entry: PendingChange): Promise<ChangeResult> =>
    writeItemChange(documents, tableName, entity, entry.stored, changeOf, maxAttempts, entry.change).then(
      (outcome) => ({ position: entry.position, outcome }),
      (error: unknown) => ({ position: entry.position, error }),
    );
  if (group.length === 1) return [await alone(group[0])];
  try {
    const output = await documents.send(
      new TransactWriteCommand({
        TransactItems: group.flatMap((entry) => transactItemsOf(tableName, entity, entry.stored, entry.change)),
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    const units = capacityUnitsOf(output.ConsumedCapacity);
    return group.map((entry, n) => ({
      position: entry.position,
      // The transaction's units, booked once (on its first change).
      outcome: { kind: 'written', writeUnits: n === 0 ? units : 0 },
    }));
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
  }
  return Promise.all(group.map(alone));
}
