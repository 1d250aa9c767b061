import type { PutCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EntityDefinition } from '../../model/entity.js';
import { ExpressionPlaceholders } from '../expression-placeholders.js';
import { toStoredItem } from '../item-codec.js';

export interface PutRequestOptions {
  readonly nowMs: number;
  /** Create: fail when an item with this key exists. */
  readonly mustNotExist?: boolean;
  /** Optimistic locking: the version the caller read (the item is written with version + 1). */
  readonly expectedVersion?: number;
}

/**
 * The PutItem input for a validated item — pure, no I/O, so unit tests can inspect it.
 *
 * @example
 * buildPutRequest('research', job, { id: '1', title: 't', status: 'queued', createdAt }, { nowMs: Date.now(), mustNotExist: true })
 * // { TableName: 'research', Item: { pk: 'JOB#1', sk: 'METADATA', _type: 'job', gsi1pk: 'STATUS#queued', … },
 * //   ConditionExpression: 'attribute_not_exists(#n0)', … }
 */
export function buildPutRequest(
  tableName: string,
  entity: EntityDefinition,
  item: Readonly<Record<string, unknown>>,
  options: PutRequestOptions,
): PutCommandInput & { Item: Record<string, unknown> } {
  const version = entity.version ? (options.expectedVersion ?? 0) + 1 : undefined;
  const stored = toStoredItem(entity, item, { nowMs: options.nowMs, ...(version === undefined ? {} : { version }) });
  const names = new ExpressionPlaceholders();
  const conditions: string[] = [];
  if (options.mustNotExist) conditions.push(`attribute_not_exists(${names.name(entity.table.partitionKey)})`);
  if (options.expectedVersion !== undefined && entity.version) {
    conditions.push(`${names.name(entity.version)} = ${names.value(options.expectedVersion)}`);
  }
  return {
    TableName: tableName,
    Item: stored,
    ...(conditions.length > 0 ? { ConditionExpression: conditions.join(' AND '), ...names.toInput() } : {}),
    ReturnValuesOnConditionCheckFailure: conditions.length > 0 ? 'ALL_OLD' : undefined,
    ReturnConsumedCapacity: 'TOTAL',
  };
}
