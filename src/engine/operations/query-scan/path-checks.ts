import { invalidParameterValue, validationError } from '../../errors.js';
import type { DocumentPath } from '../../expressions/index.js';
import { javaHashSetOrder, javaListText } from '../../expressions/java-hash-order.js';
import { indexProjects, type ReadTarget } from './read-target.js';

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
