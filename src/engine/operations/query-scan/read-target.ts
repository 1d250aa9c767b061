import { validationError } from '../../errors.js';
import type { IndexDefinition, KeyAttribute, StoredTableDefinition } from '../../storage/storage.js';
import { keyAttributesOf } from '../shared/keys.js';

/** What a Query or Scan reads: the table itself, or one of its secondary indexes. */
export interface ReadTarget {
  readonly table: StoredTableDefinition;
  readonly index?: IndexDefinition;
  /**
   * The key schema being read: the index's on an index, else the table's. One partition
   * and at most one sort attribute, except on a multi-attribute GSI (up to four of each).
   */
  readonly partitionKeys: readonly KeyAttribute[];
  readonly sortKeys: readonly KeyAttribute[];
  /**
   * The attributes of an `ExclusiveStartKey` / `LastEvaluatedKey`: the table's keys, then
   * the index's keys that are not table keys (an index entry is identified by both).
   */
  readonly keyAttributes: readonly KeyAttribute[];
  /** The names of `keyAttributes`. */
  readonly keyAttributeNames: readonly string[];
}

/**
 * Targets by table definition (replaced, never changed, when a table changes), then by
 * index name ('' for the table): resolved once, not on every request. Bounded by the
 * table's indexes, as unknown names are rejected before anything is kept.
 */
const targetsByTable = new WeakMap<StoredTableDefinition, Map<string, ReadTarget>>();

/**
 * Resolves `IndexName` against the table and rejects a consistent read of a GSI, with
 * DynamoDB's messages. (DynamoDB Local words the GSI error differently; this follows DynamoDB.)
 */
export function resolveReadTarget(
  table: StoredTableDefinition,
  indexName: string | undefined,
  consistentRead: boolean,
): ReadTarget {
  let targets = targetsByTable.get(table);
  if (targets === undefined) {
    targets = new Map();
    targetsByTable.set(table, targets);
  }
  let target = targets.get(indexName ?? '');
  if (target === undefined) {
    target = newReadTarget(table, indexName);
    targets.set(indexName ?? '', target);
  }
  if (target.index !== undefined && table.backfills?.globalIndex === target.index.name) {
    // DynamoDB refuses reads of a GSI until its backfill is done and it is ACTIVE.
    throw validationError(`Cannot read from backfilling global secondary index: ${target.index.name}`);
  }
  rejectConsistentReadOfGlobalIndex(target.index, consistentRead);
  return target;
}

function newReadTarget(table: StoredTableDefinition, indexName: string | undefined): ReadTarget {
  const tableKeys = keyAttributesOf(table);
  if (indexName === undefined) {
    const sortKeys = table.sortKey ? [table.sortKey] : [];
    return withNames({ table, partitionKeys: [table.partitionKey], sortKeys, keyAttributes: tableKeys });
  }
  const index =
    table.globalIndexes.find((candidate) => candidate.name === indexName) ??
    table.localIndexes.find((candidate) => candidate.name === indexName);
  if (!index) throw validationError(`The table does not have the specified index: ${indexName}`);
  const keyAttributes = [...tableKeys];
  for (const key of keyAttributesOf(index)) {
    if (!keyAttributes.some((known) => known.name === key.name)) keyAttributes.push(key);
  }
  return withNames({ table, index, partitionKeys: index.partitionKeys, sortKeys: index.sortKeys, keyAttributes });
}

function withNames(target: Omit<ReadTarget, 'keyAttributeNames'>): ReadTarget {
  return { ...target, keyAttributeNames: target.keyAttributes.map((key) => key.name) };
}

/**
 * A Scan rejects a consistent read of a GSI as soon as it resolves the index; a Query only
 * once its expressions are checked (DynamoDB Local reports a bad projection or an unused
 * substitution first), so Query calls this itself.
 */
export function rejectConsistentReadOfGlobalIndex(index: IndexDefinition | undefined, consistentRead: boolean): void {
  if (index?.kind === 'global' && consistentRead) {
    throw validationError('Consistent reads are not supported on global secondary indexes');
  }
}

/** Whether an index holds this top-level attribute: every key attribute, plus its projection. */
export function indexProjects(target: ReadTarget, attributeName: string): boolean {
  const index = target.index;
  if (!index) return true;
  if (index.projection.type === 'ALL') return true;
  if (target.keyAttributes.some((key) => key.name === attributeName)) return true;
  return index.projection.type === 'INCLUDE' && (index.projection.nonKeyAttributes ?? []).includes(attributeName);
}
