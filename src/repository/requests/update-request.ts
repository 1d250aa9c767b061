import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EntityDefinition } from '../../model/entity.js';
import { applyEmptyStringPolicy } from '../empty-strings.js';
import { equalityConditions, ExpressionAttributes } from '../expression-attributes.js';
import { partialIndexKeyChanges } from '../index-keys.js';
import { expiryFor, primaryKeyOf } from '../item-codec.js';

/** What a partial update does. */
export interface UpdatePlan {
  readonly set?: Readonly<Record<string, unknown>>;
  readonly remove?: readonly string[];
  /** Equality conditions on the stored item. */
  readonly where?: Readonly<Record<string, unknown>>;
  readonly expectedVersion?: number;
  /** For transitions: the state the stored item must be in. */
  readonly expectedState?: { readonly attribute: string; readonly value: string };
}

/**
 * Thrown by {@link buildUpdateRequest} when the update moves index keys (or a TTL) that depend on
 * attributes it does not know; the repository reads the item and builds again with `current`.
 */
export class UpdateNeedsCurrentItem extends Error {
  constructor(readonly missing: readonly string[]) {
    super(`The update needs the stored values of ${missing.join(', ')}`);
  }
}

/**
 * The UpdateItem input of a partial update: SET/REMOVE of the changed attributes, the index keys
 * and TTL that depend on them (so GSI keys move with a status), the version bump, and the
 * condition (item exists, `where`, expected version, expected state). Pure.
 *
 * @example
 * buildUpdateRequest('research', job, { id: '1' }, { set: { status: 'running' }, expectedState: { attribute: 'status', value: 'queued' } }, { nowMs })
 * // UpdateExpression: 'SET #n1 = :v0, #n2 = :v1, … ', ConditionExpression: 'attribute_exists(#n0) AND #n1 = :v3'
 */
export function buildUpdateRequest(
  tableName: string,
  entity: EntityDefinition,
  key: Readonly<Record<string, unknown>>,
  plan: UpdatePlan,
  options: { readonly nowMs: number; readonly current?: Readonly<Record<string, unknown>> },
): UpdateCommandInput {
  const table = entity.table;
  const primaryKey = primaryKeyOf(entity, key);
  const cleanedSet = applyEmptyStringPolicy(entity.name, table.emptyStrings, plan.set ?? {});
  const emptied = Object.keys(plan.set ?? {}).filter((name) => !(name in cleanedSet));
  const removed = [...(plan.remove ?? []), ...emptied];
  const values: Record<string, unknown> = { ...(options.current ?? {}), ...key, ...cleanedSet };
  for (const name of removed) delete values[name];
  const changed = new Set([...Object.keys(cleanedSet), ...removed]);
  const known = new Set(options.current ? Object.keys(entity.attributes) : [...Object.keys(key), ...changed]);

  const derived = partialIndexKeyChanges(entity, values, { pk: primaryKey[table.partitionKey], sk: primaryKey[table.sortKey] }, changed, known);
  const missing = derived.missing;
  const ttlDependsOn = Object.keys(entity.ttl?.when ?? {});
  const ttlAffected = ttlDependsOn.some((name) => changed.has(name));
  if (ttlAffected) for (const name of ttlDependsOn) if (!known.has(name)) missing.add(name);
  if (missing.size > 0) throw new UpdateNeedsCurrentItem([...missing]);

  const attributes = new ExpressionAttributes();
  const sets: string[] = [];
  const removes: string[] = [];
  for (const [name, value] of Object.entries({ ...cleanedSet, ...derived.set })) {
    sets.push(`${attributes.name(name)} = ${attributes.value(value)}`);
  }
  for (const name of [...removed, ...derived.remove]) removes.push(attributes.name(name));
  if (ttlAffected && table.timeToLiveAttribute) {
    // expiryFor applies the TTL's `when`: undefined means the item no longer expires.
    const expiresAt = expiryFor(entity, values, options.nowMs);
    if (expiresAt === undefined) removes.push(attributes.name(table.timeToLiveAttribute));
    else sets.push(`${attributes.name(table.timeToLiveAttribute)} = ${attributes.value(expiresAt)}`);
  }
  if (entity.version) {
    const version = attributes.name(entity.version);
    sets.push(`${version} = if_not_exists(${version}, ${attributes.value(0)}) + ${attributes.value(1)}`);
  }

  const conditions = [`attribute_exists(${attributes.name(table.partitionKey)})`, ...equalityConditions(attributes, plan.where)];
  if (plan.expectedVersion !== undefined && entity.version) {
    conditions.push(`${attributes.name(entity.version)} = ${attributes.value(plan.expectedVersion)}`);
  }
  if (plan.expectedState) {
    conditions.push(`${attributes.name(plan.expectedState.attribute)} = ${attributes.value(plan.expectedState.value)}`);
  }
  const clauses = [sets.length > 0 ? `SET ${sets.join(', ')}` : '', removes.length > 0 ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean);
  return {
    TableName: tableName,
    Key: primaryKey,
    UpdateExpression: clauses.join(' '),
    ConditionExpression: conditions.join(' AND '),
    ...attributes.toInput(),
    ReturnValues: 'ALL_NEW',
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    ReturnConsumedCapacity: 'TOTAL',
  };
}
