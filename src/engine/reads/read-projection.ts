import type { EngineContext } from '../operations/operation.js';
import { projectItem, projectionFromAttributesToGet, type DocumentPath } from '../expressions/index.js';
import type { AnswerItem } from '../answer.js';
import { readCapacityUnits } from '../capacity/index.js';
import type { StoredTableDefinition } from '../storage/storage.js';
import type { StoredItem } from '../storage/stored-item.js';
import type { Item } from '../values/attribute-value.js';
import type { Usage } from '../capacity/capacity-usage.js';
import { assertKeyPathsScalar } from '../keys/key-paths.js';
import {
  checkExpressionParameters,
  expressionAttributesOf,
  type ExpressionMembers,
} from '../expressions/expression-parameters.js';

/** The projection members of GetItem, BatchGetItem's per-table entry and TransactGetItems' Get. */
export interface ProjectionMembers extends ExpressionMembers {
  readonly ProjectionExpression?: string;
  readonly AttributesToGet?: string[];
}

/** Checks that the request does not mix the two projection styles (before the table is looked up). */
export function checkProjectionParameters(input: ProjectionMembers): void {
  checkExpressionParameters(input, ['ProjectionExpression'], ['AttributesToGet']);
}

/**
 * The paths to keep, or `undefined` for the whole item; rejects unused substitutions and,
 * given the table, paths into its key attributes (`pk.x`), which DynamoDB checks next.
 */
export function parseReadProjection(
  context: EngineContext,
  input: ProjectionMembers,
  table: StoredTableDefinition | undefined,
): DocumentPath[] | undefined {
  // GetItem, BatchGetItem's entries and a transaction's Get have no ExpressionAttributeValues
  // member: DynamoDB ignores one sent anyway (even empty or invalid), as any unknown member.
  const attributes = expressionAttributesOf({ ...input, ExpressionAttributeValues: undefined });
  let paths: DocumentPath[] | undefined;
  if (input.ProjectionExpression !== undefined) {
    paths = context.caches.expressions.projection(input.ProjectionExpression, attributes);
  } else if (input.AttributesToGet !== undefined) {
    paths = projectionFromAttributesToGet(input.AttributesToGet);
  }
  attributes.assertAllUsed();
  if (paths && table) assertKeyPathsScalar(table, paths);
  return paths;
}

/** The item as the read returns it (projection applied). */
export function projectRead(item: Item, paths: DocumentPath[] | undefined): Item {
  return paths ? projectItem(item, paths) : item;
}

/** A stored row as the read returns it: the row itself (unparsed) unless a projection applies. */
export function projectReadRow(row: StoredItem, paths: DocumentPath[] | undefined): AnswerItem {
  return paths ? projectItem(row.item, paths) : row;
}

/**
 * The read cost of one stored row, from its stored size (a missing item still costs the
 * minimum): the whole item is read whatever the projection keeps.
 */
export function rowReadUsage(
  row: StoredItem | undefined,
  options: { consistent: boolean; transactional: boolean },
): Usage {
  return { table: { read: readCapacityUnits(row ? row.size : 0, options) } };
}
