import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AccessPatternDefinition, ModelDefinition } from '../../model/model.js';
import { renderKeyTemplate } from '../../model/key-template.js';
import { ExpressionPlaceholders } from '../expression-placeholders.js';
import { UnsupportedOperationError } from '../errors.js';
import { shardedPartitionKey } from '../sharding.js';
import { isAttributeIndex } from '../../model/attribute-index.js';
import { buildAttributeQueryRequest } from './attribute-query-request.js';

export interface QueryRequestOptions {
  readonly limit?: number;
  readonly exclusiveStartKey?: Record<string, unknown>;
  readonly consistent?: boolean;
  /** For write-sharded index partitions: which shard to read. */
  readonly shard?: number;
}

/**
 * The Query input of an access pattern: its key condition rendered with `params`, on the table or
 * its index, in its order. Pure. Never a Scan: a pattern without a key condition is refused.
 *
 * @example
 * buildQueryRequest('research', model, model.accessPatterns.listJobsByStatus, { status: 'running' }, { limit: 20 })
 * // { TableName: 'research', IndexName: 'gsi1', KeyConditionExpression: '#n0 = :v0', ScanIndexForward: false, Limit: 20, … }
 */
export function buildQueryRequest(
  tableName: string,
  model: ModelDefinition,
  pattern: AccessPatternDefinition,
  params: Readonly<Record<string, unknown>>,
  options: QueryRequestOptions = {},
): QueryCommandInput {
  const { config, keyCondition } = pattern;
  if (pattern.attributeCondition)
    return buildAttributeQueryRequest(tableName, model, pattern, pattern.attributeCondition, params, options);
  if (!keyCondition)
    throw new UnsupportedOperationError(
      pattern.name,
      'this access pattern has no key condition (it would need a Scan)',
    );
  const index = config.index === undefined ? undefined : model.table.indexes[config.index];
  if (config.index !== undefined && !index)
    throw new UnsupportedOperationError(pattern.name, `index '${config.index}' is not on the table`);
  if (index && options.consistent)
    throw new UnsupportedOperationError(pattern.name, 'consistent reads are not supported on global secondary indexes');
  if (index && isAttributeIndex(index))
    throw new UnsupportedOperationError(
      pattern.name,
      `index '${config.index}' keys on item attributes: the pattern needs key: { attributes }`,
    );
  const partitionKeyName = index ? index.partitionKey : model.table.partitionKey;
  const sortKeyName = index ? index.sortKey : model.table.sortKey;
  const attributes = new ExpressionPlaceholders();
  let partitionValue = renderKeyTemplate(keyCondition.pk, params);
  if (options.shard !== undefined)
    partitionValue = shardedPartitionKey(partitionValue, options.shard, model.table.separator);
  const conditions = [`${attributes.name(partitionKeyName)} = ${attributes.value(partitionValue)}`];
  const sk = keyCondition.sk;
  // An empty begins_with prefix is the whole partition: no sort-key condition at all.
  const wholePartition = sk?.operator === 'beginsWith' && sk.templates[0].source === '';
  if (sk && sortKeyName && !wholePartition) {
    const name = attributes.name(sortKeyName);
    const rendered = sk.templates.map((template) =>
      template.source === '' ? '' : renderKeyTemplate(template, params),
    );
    switch (sk.operator) {
      case 'equals':
        conditions.push(`${name} = ${attributes.value(rendered[0])}`);
        break;
      case 'beginsWith':
        conditions.push(`begins_with(${name}, ${attributes.value(rendered[0])})`);
        break;
      case 'between':
        conditions.push(`${name} BETWEEN ${attributes.value(rendered[0])} AND ${attributes.value(rendered[1])}`);
        break;
      default:
        conditions.push(
          `${name} ${{ lt: '<', lte: '<=', gt: '>', gte: '>=' }[sk.operator]} ${attributes.value(rendered[0])}`,
        );
    }
  }
  return {
    TableName: tableName,
    ...(config.index !== undefined ? { IndexName: config.index } : {}),
    KeyConditionExpression: conditions.join(' AND '),
    ...attributes.toInput(),
    ...(config.order === 'descending' ? { ScanIndexForward: false } : {}),
    ...(options.limit !== undefined ? { Limit: options.limit } : {}),
    ...(options.exclusiveStartKey ? { ExclusiveStartKey: options.exclusiveStartKey } : {}),
    ...(options.consistent ? { ConsistentRead: true } : {}),
    ReturnConsumedCapacity: 'TOTAL',
  };
}
