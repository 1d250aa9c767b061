import { optionalAttributes } from '../model/attributes.js';
import { matchesAttributes, type EntityDefinition, type EntityIndexDefinition } from '../model/entity.js';
import { canRenderKeyTemplate, renderKeyTemplate } from '../model/key-template.js';
import type { TemplateIndexDefinition } from '../model/table.js';
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
    // `entity.indexes` holds template-keyed indexes only (attribute-keyed ones need no written keys).
    const tableIndex = entity.table.indexes[indexName] as TemplateIndexDefinition;
    const member =
      canRenderKeyTemplate(index.pk, values) &&
      (!index.sk || canRenderKeyTemplate(index.sk, values)) &&
      matchesAttributes(index.when, values);
    if (!member) {
      remove.push(tableIndex.partitionKey, ...(tableIndex.sortKey ? [tableIndex.sortKey] : []));
      continue;
    }
    let pk = renderKeyTemplate(index.pk, values);
    const shards = shardCountFor(index, values);
    if (shards !== undefined)
      pk = shardedPartitionKey(pk, shardOf(primaryKey.pk, primaryKey.sk, shards), entity.table.separator);
    set[tableIndex.partitionKey] = pk;
    if (index.sk && tableIndex.sortKey) set[tableIndex.sortKey] = renderKeyTemplate(index.sk, values);
  }
  return { set, remove };
}

/**
 * The index-key changes of a partial write (an update or a transition). Only the indexes whose
 * keys depend on a changed attribute are touched. When membership cannot change (no membership
 * rule, nothing removed, no key part on an attribute the item may lack), only the templates that
 * use a changed attribute are rendered, so a transition of `STATUS#{status}` needs the new status
 * and not the sort key's `createdAt`. An index keyed on an optional attribute is sparse: the item
 * may enter or leave it on any change, so both of its keys are rendered (or removed) together.
 * `missing` lists attributes that must be read first.
 */
export function partialIndexKeyChanges(
  entity: EntityDefinition,
  values: Readonly<Record<string, unknown>>,
  primaryKey: { readonly pk: string; readonly sk: string },
  changed: ReadonlySet<string>,
  known: ReadonlySet<string>,
): { set: Record<string, string>; remove: string[]; missing: Set<string> } {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  const missing = new Set<string>();
  const optional = optionalAttributes(entity.attributes);
  for (const [indexName, index] of Object.entries(entity.indexes)) {
    const pkDependencies = new Set([...index.pk.placeholders, ...Object.keys(index.shards?.only ?? {})]);
    const skDependencies = new Set(index.sk?.placeholders ?? []);
    const all = indexDependencies(index);
    for (const name of pkDependencies) all.add(name);
    const touched = [...all].filter((name) => changed.has(name));
    if (touched.length === 0) continue;
    const membershipMayChange =
      index.when !== undefined ||
      touched.some((name) => values[name] === undefined || values[name] === '') ||
      [...all].some((name) => optional.has(name));
    const needed = membershipMayChange
      ? all
      : new Set([
          ...(touched.some((n) => pkDependencies.has(n)) ? pkDependencies : []),
          ...(touched.some((n) => skDependencies.has(n)) ? skDependencies : []),
        ]);
    const unknown = [...needed].filter((name) => !known.has(name));
    if (unknown.length > 0) {
      for (const name of unknown) missing.add(name);
      continue;
    }
    const full = indexKeyAttributes(entity, values, primaryKey, new Set([indexName]));
    if (membershipMayChange) {
      Object.assign(set, full.set);
      remove.push(...full.remove);
      continue;
    }
    const tableIndex = entity.table.indexes[indexName] as TemplateIndexDefinition;
    const renderedPk = renderIndexPartitionKey(entity, index, values, primaryKey);
    if (touched.some((n) => pkDependencies.has(n))) set[tableIndex.partitionKey] = renderedPk;
    if (index.sk && tableIndex.sortKey && touched.some((n) => skDependencies.has(n)))
      set[tableIndex.sortKey] = renderKeyTemplate(index.sk, values);
  }
  return { set, remove, missing };
}

function renderIndexPartitionKey(
  entity: EntityDefinition,
  index: EntityIndexDefinition,
  values: Readonly<Record<string, unknown>>,
  primaryKey: { readonly pk: string; readonly sk: string },
): string {
  const pk = renderKeyTemplate(index.pk, values);
  const shards = shardCountFor(index, values);
  return shards === undefined
    ? pk
    : shardedPartitionKey(pk, shardOf(primaryKey.pk, primaryKey.sk, shards), entity.table.separator);
}
