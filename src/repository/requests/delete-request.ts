import type { DeleteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EntityDefinition } from '../../model/entity.js';
import { equalityConditions, ExpressionPlaceholders } from '../expression-placeholders.js';
import { primaryKeyOf } from '../item-codec.js';

export interface DeleteRequestOptions {
  /** Equality conditions on attributes that must hold for the delete to happen. */
  readonly where?: Readonly<Record<string, unknown>>;
  readonly expectedVersion?: number;
}

/**
 * The DeleteItem input. Without conditions a delete is idempotent; with conditions the item must
 * exist and match them.
 *
 * @example
 * buildDeleteRequest('research', job, { id: '1' }, { expectedVersion: 3 })
 */
export function buildDeleteRequest(
  tableName: string,
  entity: EntityDefinition,
  key: Readonly<Record<string, unknown>>,
  options: DeleteRequestOptions = {},
): DeleteCommandInput {
  const attributes = new ExpressionPlaceholders();
  const conditions = equalityConditions(attributes, options.where);
  if (options.expectedVersion !== undefined && entity.version) {
    conditions.push(`${attributes.name(entity.version)} = ${attributes.value(options.expectedVersion)}`);
  }
  if (conditions.length > 0) conditions.unshift(`attribute_exists(${attributes.name(entity.table.partitionKey)})`);
  return {
    TableName: tableName,
    Key: primaryKeyOf(entity, key),
    ...(conditions.length > 0
      ? {
          ConditionExpression: conditions.join(' AND '),
          ...attributes.toInput(),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        }
      : {}),
    ReturnValues: 'ALL_OLD',
    ReturnConsumedCapacity: 'TOTAL',
  };
}
