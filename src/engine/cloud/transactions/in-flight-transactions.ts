import { DynamoDBError } from '../../errors.js';
import type { EngineContext } from '../../operations/operation.js';
import { itemIdentity, keyOf } from '../../keys/table-keys.js';
import { transactionCanceled, type CancellationReason } from '../../operations/transact/cancellation.js';
import type { Item } from '../../values/attribute-value.js';
import { drawDuration, type DurationRange } from '../duration-range.js';
import { cancellationReason, TRANSACTION_CONFLICT_MESSAGE } from '../faults/fault-errors.js';
import { requestTargetsOf, type TouchedItem } from '../request-targets.js';
import type { SeededRandom } from '../seeded-random.js';
import { mergeUnprocessedItems } from '../unprocessed-items.js';

type Input = Record<string, unknown>;
type Answer = Record<string, unknown>;

/** How many entries may gather before the expired ones are swept out at once. */
const SWEEP_ABOVE = 4096;

/**
 * Transactions in flight (`transactions.inFlightMs`): a TransactWriteItems that succeeds
 * stays in flight on its items, and its `ClientRequestToken`, for a duration drawn from
 * the option, counted on the engine's clock from its start. Meanwhile, as DynamoDB answers
 * (docs/cloud-behaviour.md):
 *
 * - a PutItem, UpdateItem or DeleteItem of one of its items fails with `TransactionConflictException`;
 * - a BatchWriteItem's requests for its items come back in `UnprocessedItems`, the rest are written;
 * - a TransactWriteItems or TransactGetItems touching one of its items is cancelled,
 *   `TransactionConflict` at each such action and `None` elsewhere;
 * - a TransactWriteItems with its token answers `TransactionInProgressException`.
 */
export class InFlightTransactions {
  /** Item identity (`itemIdentity`) → until when (engine clock, ms) a transaction holds it. */
  private readonly items = new Map<string, number>();
  /** ClientRequestToken → until when its transaction is in flight. */
  private readonly tokens = new Map<string, number>();

  constructor(
    private readonly inFlightMs: DurationRange,
    private readonly random: SeededRandom,
  ) {}

  /**
   * Runs one request: refuses or cancels it when it meets a transaction in flight, runs it
   * (`handle`, with a BatchWriteItem's requests for held items taken out), and records a
   * TransactWriteItems that succeeded as in flight from `startedAt`.
   */
  run(context: EngineContext, operation: string, input: Input, handle: (input: Input) => Answer): Answer {
    const startedAt = context.now();
    switch (operation) {
      case 'PutItem':
      case 'UpdateItem':
      case 'DeleteItem': {
        const [item] = requestTargetsOf(operation, input).items;
        if (this.holds(context, item, startedAt)) {
          throw new DynamoDBError('TransactionConflictException', TRANSACTION_CONFLICT_MESSAGE, 400);
        }
        return handle(input);
      }
      case 'BatchWriteItem':
        return this.batchWrite(context, input, startedAt, handle);
      case 'TransactGetItems':
        this.refuseConflicts(context, operation, input, startedAt);
        return handle(input);
      case 'TransactWriteItems': {
        const token = input.ClientRequestToken as string | undefined;
        if (token !== undefined && (this.tokens.get(token) ?? 0) > startedAt) {
          throw new DynamoDBError(
            'TransactionInProgressException',
            'Transaction from previous request is still in progress',
            400,
          );
        }
        const items = this.refuseConflicts(context, operation, input, startedAt);
        const answer = handle(input);
        this.record(context, items, token, startedAt);
        return answer;
      }
      default:
        return handle(input);
    }
  }

  /** Cancels the transaction if any of its items is held, and gives its items. */
  private refuseConflicts(
    context: EngineContext,
    operation: string,
    input: Input,
    now: number,
  ): readonly TouchedItem[] {
    const targets = requestTargetsOf(operation, input);
    let reasons: CancellationReason[] | undefined;
    for (const item of targets.items) {
      if (!this.holds(context, item, now)) continue;
      reasons ??= Array.from({ length: targets.actionCount }, () => ({ Code: 'None' }));
      reasons[item.position as number] = cancellationReason('TransactionConflict');
    }
    if (reasons !== undefined) throw transactionCanceled(reasons);
    return targets.items;
  }

  private batchWrite(context: EngineContext, input: Input, now: number, handle: (input: Input) => Answer): Answer {
    const requestItems = input.RequestItems as Record<string, Input[]>;
    const held = (table: string, request: Input) =>
      this.holds(context, { table, attributes: batchItemOf(request) }, now);
    if (!Object.entries(requestItems).some(([table, requests]) => requests.some((request) => held(table, request)))) {
      return handle(input);
    }
    const left: Record<string, Input[]> = {};
    const unprocessed: Record<string, Input[]> = {};
    for (const [table, requests] of Object.entries(requestItems)) {
      for (const request of requests)
        (held(table, request) ? (unprocessed[table] ??= []) : (left[table] ??= [])).push(request);
    }
    if (Object.keys(left).length === 0) return { UnprocessedItems: unprocessed };
    const answer = handle({ ...input, RequestItems: left });
    return { ...answer, UnprocessedItems: mergeUnprocessedItems(answer.UnprocessedItems, unprocessed) };
  }

  /** Whether a transaction in flight holds the item at `now` (a table that does not exist holds nothing). */
  private holds(context: EngineContext, item: TouchedItem | undefined, now: number): boolean {
    if (item === undefined || this.items.size === 0) return false;
    const identity = identityOf(context, item);
    if (identity === undefined) return false;
    const until = this.items.get(identity);
    if (until === undefined) return false;
    if (until > now) return true;
    this.items.delete(identity);
    return false;
  }

  private record(
    context: EngineContext,
    items: readonly TouchedItem[],
    token: string | undefined,
    startedAt: number,
  ): void {
    const until = startedAt + drawDuration(this.inFlightMs, this.random);
    if (until <= context.now()) return;
    if (this.items.size > SWEEP_ABOVE) sweep(this.items, startedAt);
    if (this.tokens.size > SWEEP_ABOVE) sweep(this.tokens, startedAt);
    for (const item of items) {
      const identity = identityOf(context, item);
      if (identity !== undefined) this.items.set(identity, until);
    }
    if (token !== undefined) this.tokens.set(token, until);
  }
}

/** The item a BatchWriteItem request names: the item put, or the key deleted. */
function batchItemOf(request: Input): Item {
  return ((request.PutRequest as Input | undefined)?.Item ?? (request.DeleteRequest as Input | undefined)?.Key) as Item;
}

function identityOf(context: EngineContext, item: TouchedItem): string | undefined {
  const table = context.storage.getTable(item.table);
  if (table === undefined || item.attributes === undefined) return undefined;
  return itemIdentity(item.table, table, keyOf(table, item.attributes));
}

function sweep(entries: Map<string, number>, now: number): void {
  for (const [key, until] of entries) if (until <= now) entries.delete(key);
}
