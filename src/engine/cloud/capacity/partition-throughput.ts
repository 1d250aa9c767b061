import { DynamoDBError } from '../../errors.js';
import type { EngineContext } from '../../operations/operation.js';
import { tableArn } from '../../operations/tables/table-arn.js';
import { billingModeOf, storedDescription } from '../../operations/tables/table-description.js';
import { HOT_KEY_MESSAGE, TABLE_PROVISIONED_MESSAGE } from '../faults/fault-errors.js';
import { tableNameOf } from '../request-targets.js';
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
 * PutItem, UpdateItem and DeleteItem, by the units they consume (their `ConsumedCapacity`).
 */
export class PartitionThroughput {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(private readonly figures: ResolvedCapacityOptions) {}

  run(context: EngineContext, operation: string, input: Input, handle: (input: Input) => Answer): Answer {
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
