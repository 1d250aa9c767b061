import type { EntityDefinition } from '../model/entity.js';
import { validateAttributes } from '../model/attributes.js';
import { indexKeyAttributes } from '../repository/index-keys.js';
import { fromStoredItem, primaryKeyOf } from '../repository/item-codec.js';
import { MigrationFileError } from './errors.js';
import { keyOf, type ItemChange } from './item-writes.js';
import { stableJson } from './model-snapshot.js';
import type { UserMigration } from './user-migrations.js';

/**
 * The change a user migration makes to one stored item: `up`'s item validated by the entity's
 * schemas and stored whole (same primary key, index keys rendered again, the version bumped, the
 * TTL kept), or a delete for `null`; undefined when `up` returned the item unchanged. A throw,
 * an invalid item or a moved key becomes {@link MigrationFileError} naming the file and the key.
 */
export async function userMigrationChange(
  entity: EntityDefinition,
  migration: UserMigration,
  stored: Readonly<Record<string, unknown>>,
): Promise<ItemChange | undefined> {
  const key = keyOf(entity, stored);
  const item = fromStoredItem(entity, stored);
  if (entity.version) delete item[entity.version];
  let result: Record<string, unknown> | null;
  try {
    result = await migration.up(structuredClone(item), { entity: entity.name, name: migration.name });
  } catch (error) {
    throw new MigrationFileError(migration.file, key, error);
  }
  if (result === null) return { key, delete: true };
  if (typeof result !== 'object')
    throw new MigrationFileError(migration.file, key, new Error('up returned neither an item nor null'));
  if (stableJson(result) === stableJson(item)) return undefined;
  const checked = await validateAttributes(entity.attributes, result);
  if (!checked.ok) {
    const issues = checked.issues.map((issue) => `${issue.attribute}: ${issue.message}`).join('; ');
    throw new MigrationFileError(migration.file, key, new Error(`up returned an invalid item (${issues})`));
  }
  const { partitionKey, sortKey, entityTypeAttribute, timeToLiveAttribute } = entity.table;
  const newKey = primaryKeyOf(entity, checked.value);
  if (newKey[partitionKey] !== key[partitionKey] || newKey[sortKey] !== key[sortKey]) {
    throw new MigrationFileError(
      migration.file,
      key,
      new Error(`up moved the item to ${JSON.stringify(newKey)}: change key templates in the model instead`),
    );
  }
  const whole: Record<string, unknown> = { ...checked.value, ...newKey, [entityTypeAttribute]: entity.name };
  Object.assign(
    whole,
    indexKeyAttributes(entity, checked.value, { pk: newKey[partitionKey], sk: newKey[sortKey] }).set,
  );
  if (timeToLiveAttribute && stored[timeToLiveAttribute] !== undefined)
    whole[timeToLiveAttribute] = stored[timeToLiveAttribute];
  if (entity.version) whole[entity.version] = Number(stored[entity.version] ?? 0) + 1;
  return { key, set: whole };
}
