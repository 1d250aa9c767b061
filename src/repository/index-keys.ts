import { matchesAttributes, type EntityDefinition, type EntityIndexDefinition } from '../model/entity.js';
import { canRenderKeyTemplate, renderKeyTemplate } from '../model/key-template.js';
import { shardCountFor, shardedPartitionKey, shardOf } from './sharding.js';

/** Attributes an index key depends on: its template placeholders and its membership rule. */
export function indexDependencies(index: EntityIndexDefinition): Set<string> {
  return new Set([...index.pk.placeholders, ...(index.sk?.placeholders ?? []), ...Object.keys(index.when ?? {})]);
}

/**
 * The GSI key attributes an item carries (sparse: only the indexes it belongs to).
 *
 * @example
 * indexKeyAttributes(job, { id: '1', status: 'running', createdAt: '…' }, { pk: 'JOB#1', sk: 'METADATA' })
 * // { gsi1pk: 'STATUS#running', gsi1sk: '…' }
 */
export function indexKeyAttributes(
  entity: EntityDefinition,
  values: Readonly<Record<string, unknown>>,
  primaryKey: { readonly pk: string; readonly sk: string },
  only?: ReadonlySet<string>,
): { set: Record<string, string>; remove: string[] } {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  for (const [indexName, index] of Object.entries(entity.indexes)) {
    if (only && !only.has(indexName)) continue;
    const tableIndex = entity.table.indexes[indexName];
    const member =
      canRenderKeyTemplate(index.pk, values) &&
      (!index.sk || canRenderKeyTemplate(index.sk, values)) &&
      matchesAttributes(index.when as Parameters<typeof matchesAttributes>[0], values);
    if (!member) {
      remove.push(tableIndex.partitionKey, ...(tableIndex.sortKey ? [tableIndex.sortKey] : []));
      continue;
    }
    let pk = renderKeyTemplate(index.pk, values);
    const shards = shardCountFor(index, values);
    if (shards !== undefined) pk = shardedPartitionKey(pk, shardOf(primaryKey.pk, primaryKey.sk, shards), entity.table.separator);
    set[tableIndex.partitionKey] = pk;
    if (index.sk && tableIndex.sortKey) set[tableIndex.sortKey] = renderKeyTemplate(index.sk, values);
  }
  return { set, remove };
}

/**
 * Which indexes a partial write touches, and whether the values at hand are enough to recompute
 * them. `missing` lists attributes that must be read first.
 */
export function affectedIndexes(
  entity: EntityDefinition,
  changed: ReadonlySet<string>,
  known: ReadonlySet<string>,
): { indexes: Set<string>; missing: Set<string> } {
  const indexes = new Set<string>();
  const missing = new Set<string>();
  for (const [indexName, index] of Object.entries(entity.indexes)) {
    const dependencies = indexDependencies(index);
    if (![...dependencies].some((name) => changed.has(name))) continue;
    indexes.add(indexName);
    for (const name of dependencies) if (!known.has(name)) missing.add(name);
  }
  return { indexes, missing };
}
