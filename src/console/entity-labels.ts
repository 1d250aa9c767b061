import type { EntityDefinition } from '../model/entity.js';
import { KeyMismatchError } from '../model/errors.js';
import { parseKeyValue } from '../model/key-template.js';
import type { ModelDefinition } from '../model/model.js';
import { reservedItemKey } from '../model/reserved-item.js';

/** What a stored item is in the model: its entity and its key templates decoded into named parts. */
export interface ItemLabel {
  readonly entity: EntityDefinition;
  /** `JOB#{id}` read back from `JOB#42`: `{ id: '42' }` (sort key parts included). */
  readonly keyParts: Readonly<Record<string, string>>;
}

/**
 * The entity of a stored item (by the table's entity-type attribute) with its key parts, or
 * undefined for an item of no entity of the model, or one whose keys do not fit its templates.
 */
export function labelItem(model: ModelDefinition, item: Readonly<Record<string, unknown>>): ItemLabel | undefined {
  const typeName = item[model.table.entityTypeAttribute];
  const entity = model.entities.find((candidate) => candidate.name === typeName);
  if (!entity) return undefined;
  const pk = item[model.table.partitionKey];
  const sk = item[model.table.sortKey];
  if (typeof pk !== 'string' || typeof sk !== 'string') return undefined;
  try {
    return { entity, keyParts: { ...parseKeyValue(entity.key.pk, pk), ...parseKeyValue(entity.key.sk, sk) } };
  } catch (error) {
    if (error instanceof KeyMismatchError) return undefined;
    throw error;
  }
}

/**
 * True for the table's migration record: the reserved item (`#monotable` / `MODEL`) where
 * `monotable migrate` records the model the table was migrated to. It belongs to no entity, and
 * is labelled as what it is rather than as an unknown item.
 */
export function isMigrationRecord(
  keyNames: { readonly partitionKey: string; readonly sortKey?: string },
  item: Readonly<Record<string, unknown>>,
): boolean {
  return (
    keyNames.sortKey !== undefined &&
    item[keyNames.partitionKey] === reservedItemKey.partitionKey &&
    item[keyNames.sortKey] === reservedItemKey.sortKey
  );
}

/** Time left until an epoch-seconds TTL: `in 6 d 23 h`, `expired 2 h ago (not yet deleted)`. */
export function timeLeft(epochSeconds: number, nowMs: number): string {
  const seconds = Math.round(epochSeconds - nowMs / 1000);
  const span = Math.abs(seconds);
  const text =
    span >= 86_400
      ? `${Math.floor(span / 86_400)} d ${Math.floor((span % 86_400) / 3600)} h`
      : span >= 3600
        ? `${Math.floor(span / 3600)} h ${Math.floor((span % 3600) / 60)} min`
        : span >= 60
          ? `${Math.floor(span / 60)} min`
          : `${span} s`;
  return seconds >= 0 ? `in ${text}` : `expired ${text} ago (not yet deleted)`;
}
