import type { GetCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EntityDefinition } from '../../model/entity.js';
import { primaryKeyOf } from '../item-codec.js';

/**
 * The GetItem input for an entity key (eventually consistent unless asked).
 *
 * @example
 * buildGetRequest('research', job, { id: '1' }, { consistent: true })
 * // { TableName: 'research', Key: { pk: 'JOB#1', sk: 'METADATA' }, ConsistentRead: true, … }
 */
export function buildGetRequest(
  tableName: string,
  entity: EntityDefinition,
  key: Readonly<Record<string, unknown>>,
  options: { readonly consistent?: boolean } = {},
): GetCommandInput {
  return {
    TableName: tableName,
    Key: primaryKeyOf(entity, key),
    ...(options.consistent ? { ConsistentRead: true } : {}),
    ReturnConsumedCapacity: 'TOTAL',
  };
}
