import { matchesAttributes, type EntityDefinition } from '../model/entity.js';
import { durationToSeconds } from '../model/duration.js';
import { renderKeyTemplate } from '../model/key-template.js';
import { reservedAttributeNames } from '../model/table.js';
import { applyEmptyStringPolicy } from './empty-strings.js';
import { indexKeyAttributes } from './index-keys.js';

/** The rendered primary key of an item, as the table's key attributes. */
export function primaryKeyOf(
  entity: EntityDefinition,
  values: Readonly<Record<string, unknown>>,
): Record<string, string> {
  return {
    [entity.table.partitionKey]: renderKeyTemplate(entity.key.pk, values),
    [entity.table.sortKey]: renderKeyTemplate(entity.key.sk, values),
  };
}

/** The key attributes that identify an item in errors: `{ id: '42' }` (not the rendered key). */
export function keyParamsOf(
  entity: EntityDefinition,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of [...entity.key.pk.placeholders, ...entity.key.sk.placeholders]) out[name] = values[name];
  return out;
}

/** Epoch seconds at which an item written `nowMs` expires, or undefined when it does not. */
export function expiryFor(
  entity: EntityDefinition,
  values: Readonly<Record<string, unknown>>,
  nowMs: number,
): number | undefined {
  if (!entity.ttl || !matchesAttributes(entity.ttl.when, values)) return undefined;
  return Math.floor(nowMs / 1000) + durationToSeconds(entity.ttl.after);
}

/**
 * The stored form of a validated item: attributes (after the empty-string policy), primary key,
 * entity type, the keys of the indexes it belongs to, the TTL and the version.
 */
export function toStoredItem(
  entity: EntityDefinition,
  item: Readonly<Record<string, unknown>>,
  options: { readonly nowMs: number; readonly version?: number },
): Record<string, unknown> {
  const table = entity.table;
  const key = primaryKeyOf(entity, item);
  const attributes = applyEmptyStringPolicy(entity.name, table.emptyStrings, item);
  const stored: Record<string, unknown> = { ...attributes, ...key, [table.entityTypeAttribute]: entity.name };
  Object.assign(stored, indexKeyAttributes(entity, item, { pk: key[table.partitionKey], sk: key[table.sortKey] }).set);
  const expiresAt = expiryFor(entity, item, options.nowMs);
  if (expiresAt !== undefined && table.timeToLiveAttribute) stored[table.timeToLiveAttribute] = expiresAt;
  if (entity.version && options.version !== undefined) stored[entity.version] = options.version;
  return stored;
}

/** The entity item of a stored item: everything but the table's own attributes. */
export function fromStoredItem(
  entity: EntityDefinition,
  stored: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const reserved = reservedAttributeNames(entity.table);
  const item: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(stored)) if (!reserved.has(name)) item[name] = value;
  return item;
}

/** The entity name recorded on a stored item. */
export function entityNameOf(
  entity: { table: EntityDefinition['table'] },
  stored: Readonly<Record<string, unknown>>,
): string | undefined {
  const value = stored[entity.table.entityTypeAttribute];
  return typeof value === 'string' ? value : undefined;
}
