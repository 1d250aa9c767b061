import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AttributeConditionPart } from '../../model/access-pattern.js';
import { attributeIndexKeys, isAttributeIndex } from '../../model/attribute-index.js';
import type { AttributeIssue } from '../../model/attributes.js';
import type { AccessPatternDefinition, ModelDefinition } from '../../model/model.js';
import { keyValueProblem } from '../attribute-keys.js';
import { UnsupportedOperationError, ValidationError } from '../errors.js';
import { ExpressionPlaceholders } from '../expression-placeholders.js';
import type { QueryRequestOptions } from './query-request.js';

/**
 * The Query input of a pattern on an attribute-keyed index: one condition per constrained key
 * attribute, its value taken from the parameter of the same name (`[low, high]` for `between`),
 * each checked against the attribute's declared type before any request. Pure.
 *
 * @example
 * buildQueryRequest('tickets', model, model.accessPatterns.listTickets, { tenantId: 't1', status: 'open', createdAt: '2026-01-01' })
 * // KeyConditionExpression: '#n0 = :v0 AND #n1 = :v1 AND #n2 >= :v2', IndexName: 'byTenantStatus', …
 */
export function buildAttributeQueryRequest(
  tableName: string,
  model: ModelDefinition,
  pattern: AccessPatternDefinition,
  parts: readonly AttributeConditionPart[],
  params: Readonly<Record<string, unknown>>,
  options: QueryRequestOptions,
): QueryCommandInput {
  const { config } = pattern;
  const index = config.index === undefined ? undefined : model.table.indexes[config.index];
  if (!index || !isAttributeIndex(index)) {
    throw new UnsupportedOperationError(
      pattern.name,
      `a condition on key attributes needs an attribute-keyed index, and '${config.index ?? '(table)'}' is not one`,
    );
  }
  if (options.consistent)
    throw new UnsupportedOperationError(pattern.name, 'consistent reads are not supported on global secondary indexes');
  if (options.shard !== undefined)
    throw new UnsupportedOperationError(
      pattern.name,
      `index '${config.index}' keys on item attributes and is not write-sharded`,
    );
  const { partition, sort } = attributeIndexKeys(index);
  const types = new Map([...partition, ...sort].map((attribute) => [attribute.name, attribute.type]));
  // Conditions in the index's key order, whatever order the pattern lists them in.
  const order = [...partition, ...sort].map((attribute) => attribute.name);
  const sorted = [...parts].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  const attributes = new ExpressionPlaceholders();
  const issues: AttributeIssue[] = [];
  const conditions: string[] = [];
  for (const part of sorted) {
    const type = types.get(part.name);
    if (!type)
      throw new UnsupportedOperationError(
        pattern.name,
        `'${part.name}' is not a key attribute of index '${config.index}'`,
      );
    const given = params[part.name];
    const operands =
      part.operator === 'between'
        ? Array.isArray(given) && given.length === 2
          ? given
          : [undefined, undefined]
        : [given];
    const problems = operands
      .map((value) => (value === undefined ? `parameter '${part.name}' is missing` : keyValueProblem(type, value)))
      .filter(Boolean);
    if (part.operator === 'beginsWith' && type === 'N')
      problems.push(`begins_with needs a string or binary key attribute, and '${part.name}' is N`);
    if (problems.length > 0) {
      issues.push({
        attribute: part.name,
        message:
          part.operator === 'between' && !Array.isArray(given)
            ? `parameter '${part.name}' of a between condition is [low, high]`
            : String(problems[0]),
        path: [part.name],
      });
      continue;
    }
    const name = attributes.name(part.name);
    const values = operands.map((value) => attributes.value(value));
    switch (part.operator) {
      case 'equals':
        conditions.push(`${name} = ${values[0]}`);
        break;
      case 'beginsWith':
        conditions.push(`begins_with(${name}, ${values[0]})`);
        break;
      case 'between':
        conditions.push(`${name} BETWEEN ${values[0]} AND ${values[1]}`);
        break;
      default:
        conditions.push(`${name} ${{ lt: '<', lte: '<=', gt: '>', gte: '>=' }[part.operator]} ${values[0]}`);
    }
  }
  if (issues.length > 0) throw new ValidationError(pattern.name, issues);
  return {
    TableName: tableName,
    IndexName: config.index,
    KeyConditionExpression: conditions.join(' AND '),
    ...attributes.toInput(),
    ...(config.order === 'descending' ? { ScanIndexForward: false } : {}),
    ...(options.limit !== undefined ? { Limit: options.limit } : {}),
    ...(options.exclusiveStartKey ? { ExclusiveStartKey: options.exclusiveStartKey } : {}),
    ReturnConsumedCapacity: 'TOTAL',
  };
}
