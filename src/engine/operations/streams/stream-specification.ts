import { invalidParameterValue, validationError, type DynamoDBError } from '../../errors.js';
import type { StreamViewType } from '../../storage/stream-log.js';
import type { StoredTableDefinition } from '../../storage/storage.js';
import type { EngineContext } from '../operation.js';

/** `StreamSpecification` of CreateTable and UpdateTable, shape-checked already. */
export interface StreamSpecificationInput {
  readonly StreamEnabled: boolean;
  readonly StreamViewType?: StreamViewType;
}

/** Four hours: how long DynamoDB keeps a shard open "on average" before a child takes over. */
export const DEFAULT_SHARD_DURATION_MS = 4 * 60 * 60 * 1000;

/** How long shards of new streams stay open (ms), from the engine's options. */
export function shardDurationOf(context: EngineContext): number {
  return context.streamShardDurationMs ?? DEFAULT_SHARD_DURATION_MS;
}

/**
 * CreateTable's checks of a StreamSpecification. AWS's CreateTable wording is not on
 * record; these are DynamoDB Local's (its UpdateTable wording differs from AWS's, whose
 * UpdateTable messages {@link updateStreamRequestError} uses).
 */
export function createStreamError(spec: StreamSpecificationInput | undefined): DynamoDBError | undefined {
  if (!spec) return undefined;
  if (spec.StreamEnabled && !spec.StreamViewType) {
    return validationError('Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.');
  }
  if (!spec.StreamEnabled && spec.StreamViewType) {
    return validationError('Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.');
  }
  return undefined;
}

/** UpdateTable's checks of a StreamSpecification that need no table (AWS's messages). */
export function updateStreamRequestError(spec: StreamSpecificationInput | undefined): DynamoDBError | undefined {
  if (!spec) return undefined;
  if (spec.StreamEnabled && !spec.StreamViewType) {
    return invalidParameterValue('If stream is being enabled then UpdateViewType is required');
  }
  if (!spec.StreamEnabled && spec.StreamViewType) {
    return invalidParameterValue('If stream is being disabled, then UpdateViewType must not be specified');
  }
  return undefined;
}

/** UpdateTable's checks against the table's current stream (AWS's messages). */
export function updateStreamStateError(
  spec: StreamSpecificationInput,
  table: StoredTableDefinition,
): DynamoDBError | undefined {
  if (spec.StreamEnabled && table.stream)
    return validationError(`Table already has an enabled stream: TableName: ${table.name}`);
  if (!spec.StreamEnabled && !table.stream)
    return validationError(`Table has no stream to disable: TableName: ${table.name}`);
  return undefined;
}

/** `arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>`. */
export function streamArn(context: EngineContext, tableName: string, label: string): string {
  return `arn:aws:dynamodb:${context.region}:${context.accountId}:table/${tableName}/stream/${label}`;
}

/** The table name and label an ARN of this engine's region and account names, if it is a stream ARN. */
export function parseStreamArn(context: EngineContext, arn: string): { tableName: string; label: string } | undefined {
  const prefix = `arn:aws:dynamodb:${context.region}:${context.accountId}:table/`;
  if (!arn.startsWith(prefix)) return undefined;
  const rest = arn.slice(prefix.length);
  const marker = rest.indexOf('/stream/');
  if (marker <= 0) return undefined;
  return { tableName: rest.slice(0, marker), label: rest.slice(marker + '/stream/'.length) };
}
