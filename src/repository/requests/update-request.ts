import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EntityDefinition } from '../../model/entity.js';
import { applyEmptyStringPolicy } from '../empty-strings.js';
import { UnsupportedOperationError } from '../errors.js';
import { equalityConditions, ExpressionPlaceholders } from '../expression-placeholders.js';
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

/** Inputs of the update builders: the clock (TTL) and, when read, the stored item. */
export interface UpdateRequestOptions {
  readonly nowMs: number;
  /** The stored item, for updates whose moved index keys or TTL depend on attributes not in the change. */
  readonly current?: Readonly<Record<string, unknown>>;
}

/**
 * The outcome of {@link tryBuildUpdateRequest}: the request, or the attributes whose stored values
 * it needs first (the index keys or TTL it moves depend on them).
 */
export type UpdateRequestResult =
  | { readonly ok: true; readonly request: UpdateCommandInput }
  | { readonly ok: false; readonly missing: readonly string[] };

/**
 * The UpdateItem input of a partial update (see {@link tryBuildUpdateRequest}). Pure. Throws
 * {@link UnsupportedOperationError} when the update moves index keys or a TTL that depend on
 * attributes neither the change nor `options.current` provides.
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
  options: UpdateRequestOptions,
): UpdateCommandInput {
  const result = tryBuildUpdateRequest(tableName, entity, key, plan, options);
  if (!result.ok) {
    throw new UnsupportedOperationError(
      entity.name,
      `the update needs the stored values of ${result.missing.join(', ')}: pass them as \`current\``,
    );
  }
  return result.request;
}

/**
 * The UpdateItem input of a partial update: SET/REMOVE of the changed attributes, the index keys
 * and TTL that depend on them (so GSI keys move with a status), the version bump, and the
 * condition (item exists, `where`, expected version, expected state). Pure. When the moved index
 * keys or TTL depend on attributes it does not know, it returns their names instead
 * (`{ ok: false, missing }`): the repository reads the item and builds again with `current`.
 *
 * @example
 * const built = tryBuildUpdateRequest('research', job, { id: '1' }, { set: { title: 'v2' } }, { nowMs });
 * if (built.ok) await documentClient.send(new UpdateCommand(built.request));
 */
export function tryBuildUpdateRequest(
  tableName: string,
  entity: EntityDefinition,
  key: Readonly<Record<string, unknown>>,
  plan: UpdatePlan,
  options: UpdateRequestOptions,
): UpdateRequestResult {
  const table = entity.table;
  const primaryKey = primaryKeyOf(entity, key);
  const cleanedSet = applyEmptyStringPolicy(entity.name, table.emptyStrings, plan.set ?? {});
  const emptied = Object.keys(plan.set ?? {}).filter((name) => !(name in cleanedSet));
  const removed = [...(plan.remove ?? []), ...emptied];
  const values: Record<string, unknown> = { ...(options.current ?? {}), ...key, ...cleanedSet };
  for (const name of removed) delete values[name];
  const changed = new Set([...Object.keys(cleanedSet), ...removed]);
  const known = new Set(options.current ? Object.keys(entity.attributes) : [...Object.keys(key), ...changed]);

  const derived = partialIndexKeyChanges(
    entity,
    values,
    { pk: primaryKey[table.partitionKey], sk: primaryKey[table.sortKey] },
    changed,
    known,
  );
  const missing = derived.missing;
  const ttlDependsOn = Object.keys(entity.ttl?.when ?? {});
  const ttlAffected = ttlDependsOn.some((name) => changed.has(name));
  if (ttlAffected) for (const name of ttlDependsOn) if (!known.has(name)) missing.add(name);
  if (missing.size > 0) return { ok: false, missing: [...missing] };

  const attributes = new ExpressionPlaceholders();
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

  const conditions = [
    `attribute_exists(${attributes.name(table.partitionKey)})`,
    ...equalityConditions(attributes, plan.where),
  ];
  if (plan.expectedVersion !== undefined && entity.version) {
    conditions.push(`${attributes.name(entity.version)} = ${attributes.value(plan.expectedVersion)}`);
  }
  if (plan.expectedState) {
    conditions.push(`${attributes.name(plan.expectedState.attribute)} = ${attributes.value(plan.expectedState.value)}`);
  }
  const clauses = [
    sets.length > 0 ? `SET ${sets.join(', ')}` : '',
    removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '',
  ].filter(Boolean);
  const request: UpdateCommandInput = {
    TableName: tableName,
    Key: primaryKey,
    UpdateExpression: clauses.join(' '),
    ConditionExpression: conditions.join(' AND '),
    ...attributes.toInput(),
    ReturnValues: 'ALL_NEW',
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    ReturnConsumedCapacity: 'TOTAL',
  };
  return { ok: true, request };
}
