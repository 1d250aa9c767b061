import { DynamoDBError, internalServerError } from '../../errors.js';
import {
  conditionFailedReason,
  transactionCanceled,
  type CancellationReason,
} from '../../operations/transact/cancellation.js';
import type { CancellationReasonCode, FaultErrorName } from '../cloud-options.js';

/**
 * The errors injected faults answer with, as DynamoDB answers them: type, HTTP status,
 * message and the members the SDKs read. Each text is from the facts docs/cloud-behaviour.md
 * cites (the DynamoDB API model, recorded service responses, the Developer Guide).
 */

/** Where the throttled request went, for `ThrottlingReasons` (reason and resource ARN). */
export interface ThrottledResource {
  /** The table's ARN, or `undefined` when the request names no table. */
  readonly tableArn: string | undefined;
  readonly index: string | undefined;
  readonly access: 'Read' | 'Write';
}

export const TABLE_PROVISIONED_MESSAGE =
  'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.';
const INDEX_PROVISIONED_MESSAGE =
  'The level of configured provisioned throughput for one or more global secondary indexes of the table was exceeded. Consider increasing your provisioning level for the under-provisioned global secondary indexes with the UpdateTable API';
export const HOT_KEY_MESSAGE =
  'Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html';
const ACCOUNT_LIMIT_MESSAGE =
  'Throughput exceeds the current throughput limit for your account. To request a limit increase, contact AWS Support at https://aws.amazon.com/support';
/** The API model's documentation of the exception: the service's own text was not found. */
export const TRANSACTION_CONFLICT_MESSAGE =
  'Operation was rejected because there is an ongoing transaction for the item.';
const SERVICE_UNAVAILABLE_MESSAGE = 'DynamoDB is currently unavailable. (This should be a temporary state.)';

/** The error a fault rule answers with. `positions` are the actions a cancellation reason goes to. */
export function faultError(
  error: FaultErrorName,
  resource: ThrottledResource,
  cancellation?: {
    readonly reason: CancellationReasonCode;
    readonly actionCount: number;
    readonly positions: ReadonlySet<number>;
  },
): DynamoDBError {
  switch (error) {
    case 'ProvisionedThroughputExceededException':
      return new DynamoDBError(
        error,
        resource.index === undefined ? TABLE_PROVISIONED_MESSAGE : INDEX_PROVISIONED_MESSAGE,
        400,
        throttlingReasons('ThrottlingReasons', resource, 'ProvisionedThroughputExceeded'),
      );
    case 'ThrottlingException':
      // The model spells this exception's member with a lowercase t.
      return new DynamoDBError(
        error,
        HOT_KEY_MESSAGE,
        400,
        throttlingReasons('throttlingReasons', resource, 'KeyRangeThroughputExceeded'),
      );
    case 'RequestLimitExceeded':
      return new DynamoDBError(
        error,
        ACCOUNT_LIMIT_MESSAGE,
        400,
        throttlingReasons('ThrottlingReasons', resource, 'AccountLimitExceeded'),
      );
    case 'TransactionConflictException':
      return new DynamoDBError(error, TRANSACTION_CONFLICT_MESSAGE, 400);
    case 'InternalServerError':
      return internalServerError();
    case 'ServiceUnavailable':
      return new DynamoDBError(error, SERVICE_UNAVAILABLE_MESSAGE, 503);
    case 'TransactionCanceledException': {
      const { reason, actionCount, positions } = cancellation as NonNullable<typeof cancellation>;
      const reasons: CancellationReason[] = [];
      for (let position = 0; position < actionCount; position++) {
        reasons.push(positions.has(position) ? cancellationReason(reason, resource) : { Code: 'None' });
      }
      return transactionCanceled(reasons);
    }
  }
}

/** The reason at a cancelled action, with the message the API model documents for its code. */
export function cancellationReason(code: CancellationReasonCode, resource?: ThrottledResource): CancellationReason {
  switch (code) {
    case 'TransactionConflict':
      return { Code: code, Message: 'Transaction is ongoing for the item.' };
    case 'ConditionalCheckFailed':
      return conditionFailedReason();
    case 'ItemCollectionSizeLimitExceeded':
      return { Code: code, Message: 'Collection size exceeded.' };
    case 'ProvisionedThroughputExceeded':
      return {
        Code: code,
        Message: resource?.index === undefined ? TABLE_PROVISIONED_MESSAGE : INDEX_PROVISIONED_MESSAGE,
      };
    case 'ThrottlingError':
      return {
        Code: code,
        Message:
          resource?.index === undefined
            ? `${HOT_KEY_MESSAGE}.`
            : 'Throughput exceeds the current capacity for one or more global secondary indexes. DynamoDB is automatically scaling your index so please try again shortly.',
      };
  }
}

/** `{ ThrottlingReasons: [{ reason: 'TableReadProvisionedThroughputExceeded', resource: <arn> }] }`. */
function throttlingReasons(member: string, resource: ThrottledResource, limit: string): Record<string, unknown> {
  if (resource.tableArn === undefined) return {};
  const onIndex = resource.index !== undefined;
  return {
    [member]: [
      {
        reason: `${onIndex ? 'Index' : 'Table'}${resource.access}${limit}`,
        resource: onIndex ? `${resource.tableArn}/index/${resource.index}` : resource.tableArn,
      },
    ],
  };
}
