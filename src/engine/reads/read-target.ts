import { invalidParameterValue, validationError } from '../errors.js';
import type { DocumentPath } from '../expressions/index.js';
import { javaHashSetOrder, javaListText } from '../expressions/java-hash-order.js';
import type { IndexDefinition, KeyAttribute, StoredTableDefinition } from '../storage/storage.js';

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
 * Resolves `IndexName` against the table and rejects a consistent read of a GSI, with
 * DynamoDB's messages. (DynamoDB Local words the GSI error differently; this follows DynamoDB.)
 */
export function resolveReadTarget(
  table: StoredTableDefinition,
  indexName: string | undefined,
  consistentRead: boolean,
): ReadTarget {
  const target = newReadTarget(table, indexName);
  if (target.index !== undefined && table.backfills?.globalIndex === target.index.name) {
    // DynamoDB refuses reads of a GSI until its backfill is done and it is ACTIVE.
    throw validationError(`Cannot read from backfilling global secondary index: ${target.index.name}`);
  }
  rejectConsistentReadOfGlobalIndex(target.index, consistentRead);
  return target;
}

function newReadTarget(table: StoredTableDefinition, indexName: string | undefined): ReadTarget {
  const tableKeys = table.sortKey ? [table.partitionKey, table.sortKey] : [table.partitionKey];
  if (indexName === undefined) {
    const sortKeys = table.sortKey ? [table.sortKey] : [];
    return withNames({ table, partitionKeys: [table.partitionKey], sortKeys, keyAttributes: tableKeys });
  }
  const index =
    table.globalIndexes.find((candidate) => candidate.name === indexName) ??
    table.localIndexes.find((candidate) => candidate.name === indexName);
  if (!index) throw validationError(`The table does not have the specified index: ${indexName}`);
  const keyAttributes = [...tableKeys];
  for (const key of [...index.partitionKeys, ...index.sortKeys]) {
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

/** The top-level attribute a path starts at. */
function head(path: DocumentPath): string {
  return String(path[0]);
}

/**
 * A Query's filter may not use the key attributes of what it reads (the index's keys on
 * an index; the table's keys stay usable there): those belong in the key condition.
 * `member` is how DynamoDB names the filter: `Filter Expression` or `QueryFilter`.
 */
export function assertFilterAvoidsKeys(
  paths: readonly DocumentPath[],
  target: ReadTarget,
  member: 'Filter Expression' | 'QueryFilter',
): void {
  const used = new Set(paths.map(head));
  const keys = [...target.partitionKeys, ...target.sortKeys];
  for (const key of keys) {
    if (used.has(key.name)) {
      throw validationError(
        `${member} can only contain non-primary key attributes: Primary key attribute: ${key.name}`,
      );
    }
  }
}

/** Whether a filter reads attributes the index does not hold. */
export function filterReachesBeyondIndex(paths: readonly DocumentPath[], target: ReadTarget): boolean {
  return target.index !== undefined && paths.some((path) => !indexProjects(target, head(path)));
}

/** A Query of an index can filter only on attributes the index holds, whether global or local. */
export function assertIndexProjectsFilter(paths: readonly DocumentPath[], target: ReadTarget): void {
  if (!target.index) return;
  const missing = paths.map(head).filter((name) => !indexProjects(target, name));
  if (missing.length === 0) return;
  throw invalidParameterValue(
    `Secondary index ${target.index.name} does not project one or more filter attributes: ` +
      javaListText(javaHashSetOrder(missing)),
  );
}

/**
 * Whether a projection asks for attributes the index does not hold. A GSI cannot fetch
 * them (DynamoDB's error); an LSI fetches the table item instead (the answer is `true`).
 */
export function projectionNeedsTableItem(paths: readonly DocumentPath[], target: ReadTarget): boolean {
  if (!target.index) return false;
  const missing = paths.map(head).filter((name) => !indexProjects(target, name));
  if (missing.length === 0) return false;
  if (target.index.kind === 'local') return true;
  throw invalidParameterValue(
    `Global secondary index ${target.index.name} does not project ${javaListText(javaHashSetOrder(missing))}`,
  );
}

/**
 * Whether `Select: ALL_ATTRIBUTES` on an index needs the table item: when the index does
 * not project everything. Only an LSI can fetch it; a GSI refuses.
 */
export function allAttributesNeedTableItem(target: ReadTarget): boolean {
  const index = target.index;
  if (!index || index.projection.type === 'ALL') return false;
  if (index.kind === 'local') return true;
  throw invalidParameterValue(
    `Select type ALL_ATTRIBUTES is not supported for global secondary index ${index.name} because its projection type is not ALL`,
  );
}
