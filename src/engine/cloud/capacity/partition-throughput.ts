import { DynamoDBError } from '../../errors.js';
import type { EngineContext } from '../../operations/operation.js';
import { tableArn } from '../../operations/tables/table-arn.js';
import { billingModeOf, storedDescription } from '../../operations/tables/table-description.js';
import { HOT_KEY_MESSAGE, TABLE_PROVISIONED_MESSAGE } from '../faults/fault-errors.js';
import { tableNameOf } from '../request-targets.js';
import { mergeUnprocessedItems } from '../unprocessed-items.js';
import { writeCapacityUnits } from '../../capacity/capacity-units.js';
import { itemSize } from '../../values/item-size.js';
import type { Item } from '../../values/attribute-value.js';
import type { ResolvedCapacityOptions } from './capacity-options.js';
import { TokenBucket } from './token-bucket.js';

type Input = Record<string, unknown>;
type Answer = Record<string, unknown>;

/** The single-item operations metered, and whether each reads or writes. */
const METERED: Readonly<Record<string, 'Read' | 'Write'>> = {
  GetItem: 'Read',
  PutItem: 'Write',
  UpdateItem: 'Write',
  DeleteItem: 'Write',
};

/** How many buckets may gather before the full ones (nothing owed) are forgotten at once. */
const SWEEP_ABOVE = 4096;

/**
 * The per-partition limits of a table: each partition key value serves at most
 * `partitionReadUnits` read units and `partitionWriteUnits` write units per second, reads and
 * writes apart ("a partition may throttle reads while writes continue normally"), whatever
 * the table's capacity. A request over the limit is throttled as the service throttles a hot
 * key: on an on-demand table `ThrottlingException` (`throttlingReasons`), on a provisioned one
 * `ProvisionedThroughputExceededException` (`ThrottlingReasons`), the reason
 * `Table{Read|Write}KeyRangeThroughputExceeded` with the table's ARN. Metered: GetItem,
 * PutItem, UpdateItem and DeleteItem, by the units they consume (their `ConsumedCapacity`),
 * and each request of a BatchWriteItem.
 */
export class PartitionThroughput {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(private readonly figures: ResolvedCapacityOptions) {}

  run(context: EngineContext, operation: string, input: Input, handle: (input: Input) => Answer): Answer {
    if (operation === 'BatchWriteItem') return this.batchWrite(context, input, handle);
    const access = METERED[operation];
    if (access === undefined) return handle(input);
    const tableName = tableNameOf(input.TableName);
    const table = context.storage.getTable(tableName);
    if (table === undefined) return handle(input);
    const attributes = (input.Key ?? input.Item) as Record<string, unknown> | undefined;
    const partitionValue = attributes?.[table.partitionKey.name];
    if (partitionValue === undefined) return handle(input);
    const now = context.now();
    const bucket = this.bucketOf(`${access}\n${tableName}\n${JSON.stringify(partitionValue)}`, access, now);
    if (!bucket.admits(now)) {
      throw keyRangeThrottled(access, tableArn(context, tableName), billingModeOf(storedDescription(table)));
    }
    // The units consumed are what the handler reports: asked for when the caller did not.
    const asked = input.ReturnConsumedCapacity;
    const metered = asked === undefined || asked === 'NONE' ? { ...input, ReturnConsumedCapacity: 'INDEXES' } : input;
    let answer: Answer;
    try {
      answer = handle(metered);
    } catch (error) {
      // A failed conditional write still consumes write capacity (1 unit for a new item).
      if (access === 'Write' && error instanceof DynamoDBError && error.reason === 'condition-failed') bucket.charge(1);
      throw error;
    }
    bucket.charge(tableUnitsOf(answer.ConsumedCapacity));
    if (metered !== input) {
      const { ConsumedCapacity: _, ...rest } = answer;
      return rest;
    }
    return answer;
  }

  /**
   * A BatchWriteItem: each request is admitted or not by its partition, as a single write
   * would be, and charged its units before the batch runs (a put its item's size, rounded up
   * per 1 KB; a delete one unit, the item it deletes unread). Requests not admitted come
   * back in `UnprocessedItems`; only when none is admitted does the batch fail, with the
   * throttling error of its first request ("If `BatchWriteItem` cannot process any items
   * due to throttling … it returns a `ProvisionedThroughputExceededException` or a
   * `ThrottlingException`", API model).
   */
  private batchWrite(context: EngineContext, input: Input, handle: (input: Input) => Answer): Answer {
    const requestItems = input.RequestItems as Record<string, Input[]>;
    const now = context.now();
    const left: Record<string, Input[]> = {};
    const unprocessed: Record<string, Input[]> = {};
    let firstThrottle: DynamoDBError | undefined;
    for (const [name, requests] of Object.entries(requestItems)) {
      const tableName = tableNameOf(name);
      const table = context.storage.getTable(tableName);
      // An unknown table, or an item without its key: the batch's own checks answer it.
      if (table === undefined) return handle(input);
      for (const request of requests) {
        const put = request.PutRequest as { Item?: Item } | undefined;
        const attributes = put?.Item ?? ((request.DeleteRequest as { Key?: Item } | undefined)?.Key as Item);
        const partitionValue = attributes?.[table.partitionKey.name];
        if (partitionValue === undefined) return handle(input);
        const bucket = this.bucketOf(`Write\n${tableName}\n${JSON.stringify(partitionValue)}`, 'Write', now);
        if (bucket.admits(now)) {
          bucket.charge(put?.Item === undefined ? 1 : writeCapacityUnits(itemSize(put.Item)));
          (left[name] ??= []).push(request);
        } else {
          firstThrottle ??= keyRangeThrottled(
            'Write',
            tableArn(context, tableName),
            billingModeOf(storedDescription(table)),
          );
          (unprocessed[name] ??= []).push(request);
        }
      }
    }
    if (firstThrottle === undefined) return handle(input);
    if (Object.keys(left).length === 0) throw firstThrottle;
    const answer = handle({ ...input, RequestItems: left });
    return { ...answer, UnprocessedItems: mergeUnprocessedItems(answer.UnprocessedItems, unprocessed) };
  }

  private bucketOf(key: string, access: 'Read' | 'Write', now: number): TokenBucket {
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      if (this.buckets.size > SWEEP_ABOVE) {
        for (const [known, held] of this.buckets) if (held.isFull(now)) this.buckets.delete(known);
      }
      bucket = new TokenBucket(
        access === 'Read' ? this.figures.partitionReadUnits : this.figures.partitionWriteUnits,
        now,
      );
      this.buckets.set(key, bucket);
    }
    return bucket;
  }
}

/** The table's units of a `ConsumedCapacity` (INDEXES: `Table.CapacityUnits`; TOTAL: `CapacityUnits`). */
function tableUnitsOf(consumed: unknown): number {
  const capacity = consumed as { CapacityUnits?: number; Table?: { CapacityUnits?: number } } | undefined;
  return capacity?.Table?.CapacityUnits ?? capacity?.CapacityUnits ?? 0;
}

/** The error of a hot key, by the table's billing mode (facts: key range throttling in both modes). */
function keyRangeThrottled(access: 'Read' | 'Write', resource: string, billingMode: string): DynamoDBError {
  const reasons = [{ reason: `Table${access}KeyRangeThroughputExceeded`, resource }];
  return billingMode === 'PAY_PER_REQUEST'
    ? new DynamoDBError('ThrottlingException', HOT_KEY_MESSAGE, 400, { throttlingReasons: reasons })
    : new DynamoDBError('ProvisionedThroughputExceededException', TABLE_PROVISIONED_MESSAGE, 400, {
        ThrottlingReasons: reasons,
      });
}
