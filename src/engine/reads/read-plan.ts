import {
  conditionFromFilter,
  conditionPaths,
  evaluateCondition,
  projectItem,
  projectionFromAttributesToGet,
  type ConditionNode,
  type DocumentPath,
  type ExpressionAttributes,
  type LegacyCondition,
} from '../expressions/index.js';
import type { Item } from '../values/attribute-value.js';
import type { EngineContext } from '../operations/operation.js';
import type { ItemReads } from '../cloud/consistency/lagging-reads.js';
import { validationError } from '../errors.js';
import { checkExpressionParameters, type ExpressionMembers } from '../expressions/expression-parameters.js';
import type { PageOptions } from './read-page.js';
import {
  allAttributesNeedTableItem,
  assertIndexProjectsFilter,
  filterReachesBeyondIndex,
  projectionNeedsTableItem,
  type ReadTarget,
} from './read-target.js';
import { assertKeyPathsScalar } from '../keys/key-paths.js';

/** The filter and projection of a Query or Scan, from expressions or legacy parameters. */
export interface ReadClauses {
  readonly filter?: ConditionNode;
  /** Every path the filter reads (for the key and projection checks). */
  readonly filterPaths: readonly DocumentPath[];
  readonly projection?: readonly DocumentPath[];
  /** Which member carried the projection, if any (Select's messages name it). */
  readonly projectionMember?: 'ProjectionExpression' | 'AttributesToGet';
}

/** The request members {@link parseReadClauses} reads. */
export interface ClauseInput {
  readonly FilterExpression?: string;
  readonly ProjectionExpression?: string;
  readonly AttributesToGet?: string[];
  readonly ConditionalOperator?: string;
  readonly QueryFilter?: Record<string, LegacyCondition>;
  readonly ScanFilter?: Record<string, LegacyCondition>;
}

/** The request members Query and Scan share (already shape-checked). */
export interface PageReadInput extends ClauseInput, ExpressionMembers {
  readonly TableName: string;
  readonly IndexName?: string;
  readonly Select?: Select;
  readonly Limit?: number;
  readonly ExclusiveStartKey?: Item;
  readonly ConsistentRead?: boolean;
  readonly ReturnConsumedCapacity?: string;
}

/**
 * Parses the filter and the projection (through the engine's prepared expressions). Names and values are resolved through
 * `attributes`, which records their use for the request's unused-name check.
 */
export function parseReadClauses(
  context: EngineContext,
  input: ClauseInput,
  attributes: ExpressionAttributes,
  legacyFilterMember: 'QueryFilter' | 'ScanFilter',
): ReadClauses {
  let filter: ConditionNode | undefined;
  if (input.FilterExpression !== undefined && input.FilterExpression !== null) {
    filter = context.caches.expressions.condition(input.FilterExpression, attributes, 'FilterExpression');
  } else if (input[legacyFilterMember] !== undefined && input[legacyFilterMember] !== null) {
    filter = conditionFromFilter(
      input[legacyFilterMember] as Record<string, LegacyCondition>,
      input.ConditionalOperator,
    );
  }
  let projection: readonly DocumentPath[] | undefined;
  let projectionMember: ReadClauses['projectionMember'];
  if (input.ProjectionExpression !== undefined && input.ProjectionExpression !== null) {
    projection = context.caches.expressions.projection(input.ProjectionExpression, attributes);
    projectionMember = 'ProjectionExpression';
  } else if (input.AttributesToGet !== undefined && input.AttributesToGet !== null) {
    projection = projectionFromAttributesToGet(input.AttributesToGet);
    projectionMember = 'AttributesToGet';
  }
  return { filter, filterPaths: filter ? conditionPaths(filter) : [], projection, projectionMember };
}

/**
 * The read's effective `Select`, once its projection and filter are known to read no path
 * through a key attribute (a key is a scalar): the checks Query and Scan make, in their order.
 */
export function selectOfReadClauses(
  target: ReadTarget,
  clauses: ReadClauses,
  input: { readonly Select?: Select; readonly IndexName?: string },
): Select {
  if (clauses.projection || clauses.filterPaths.length > 0) {
    assertKeyPathsScalar(target.table, [...(clauses.projection ?? []), ...clauses.filterPaths]);
  }
  return resolveSelect({ select: input.Select, indexName: input.IndexName, projection: clauses.projectionMember });
}

/** How a page turns the items read into the items returned, and what that costs. */
export interface PagePlan {
  readonly options: PageOptions;
  /** Sizes of the table items fetched for an LSI, filled in as the page is read. */
  readonly fetchedItemSizes: number[];
}

/**
 * Decides how items are filtered and shaped: a GSI must project everything asked for
 * (DynamoDB's errors otherwise), an LSI fetches the table item when the projection or
 * `ALL_ATTRIBUTES` wants attributes it does not hold. Checks in DynamoDB's order: filter
 * attributes, projected attributes, then `ALL_ATTRIBUTES`.
 *
 * A Query's filter must stay within the index's attributes. A Scan's filter may name
 * others: DynamoDB Local, the reference, then evaluates it on the table item without
 * billing the fetch.
 */
export function planPage(
  reads: ItemReads,
  target: ReadTarget,
  select: Select,
  clauses: ReadClauses,
  operation: 'Query' | 'Scan',
  limit: number | undefined,
): PagePlan {
  const filterNeedsTableItem = operation === 'Scan' && filterReachesBeyondIndex(clauses.filterPaths, target);
  if (operation === 'Query') assertIndexProjectsFilter(clauses.filterPaths, target);
  const projection = select === 'COUNT' ? undefined : clauses.projection;
  const fetchForProjection = projection !== undefined && projectionNeedsTableItem(projection, target);
  const fetchForSelect = select === 'ALL_ATTRIBUTES' && allAttributesNeedTableItem(target);
  const fetchTableItem = fetchForProjection || fetchForSelect;

  const fetchedItemSizes: number[] = [];
  const filter = clauses.filter;
  const options: PagePlan['options'] = {
    limit,
    keyAttributeNames: target.keyAttributeNames,
    countOnly: select === 'COUNT',
    filter: filter ? itemFilter(reads, target, filter, filterNeedsTableItem) : undefined,
    shape:
      fetchTableItem || projection
        ? itemShaper(reads, target, fetchTableItem ? fetchedItemSizes : undefined, projection)
        : undefined,
  };
  return { options, fetchedItemSizes };
}

/** The filter of a page, evaluated on the item read or, when it reaches beyond an index, on the table item. */
function itemFilter(
  reads: ItemReads,
  target: ReadTarget,
  filter: ConditionNode,
  onTableItem: boolean,
): (item: Item) => boolean {
  if (!onTableItem) return (item) => evaluateCondition(filter, item);
  return (item) => evaluateCondition(filter, reads.getItem(target.table, item)?.item ?? item);
}

/**
 * Turns an item read into the item returned: the table item fetched for an LSI (its size
 * recorded in `fetchedItemSizes`) when given, then the projection.
 */
function itemShaper(
  reads: ItemReads,
  target: ReadTarget,
  fetchedItemSizes: number[] | undefined,
  projection: readonly DocumentPath[] | undefined,
): (item: Item) => Item {
  return (item) => {
    let source = item;
    if (fetchedItemSizes) {
      const full = reads.getItem(target.table, item);
      // Deleted meanwhile: the index entry is all there is.
      if (full) {
        fetchedItemSizes.push(full.size);
        source = full.item;
      }
    }
    return projection ? projectItem(source, projection as DocumentPath[]) : source;
  };
}

/** The values of a Query's or Scan's `Select`. */
export type Select = 'ALL_ATTRIBUTES' | 'ALL_PROJECTED_ATTRIBUTES' | 'SPECIFIC_ATTRIBUTES' | 'COUNT';

/** What the request says about the attributes it wants, for {@link resolveSelect}. */
export interface SelectRequest {
  readonly select?: Select;
  readonly indexName?: string;
  /** Which projection parameter the request carries, if any. */
  readonly projection?: 'ProjectionExpression' | 'AttributesToGet';
}

/**
 * The effective `Select`, or DynamoDB's error for a combination it refuses. Without
 * `Select`, a projection means SPECIFIC_ATTRIBUTES, an index means
 * ALL_PROJECTED_ATTRIBUTES, and otherwise ALL_ATTRIBUTES.
 */
export function resolveSelect(request: SelectRequest): Select {
  const { select, indexName, projection } = request;
  switch (select) {
    case undefined:
      if (projection) return 'SPECIFIC_ATTRIBUTES';
      return indexName === undefined ? 'ALL_ATTRIBUTES' : 'ALL_PROJECTED_ATTRIBUTES';
    case 'SPECIFIC_ATTRIBUTES':
      if (!projection) {
        throw validationError(
          'Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES',
        );
      }
      return select;
    case 'ALL_ATTRIBUTES':
      if (projection) throw validationError(`Cannot specify the ${projection} when choosing to get ALL_ATTRIBUTES`);
      return select;
    case 'ALL_PROJECTED_ATTRIBUTES':
      if (projection) {
        throw validationError(`Cannot specify the ${projection} when choosing to get ALL_PROJECTED_ATTRIBUTES`);
      }
      if (indexName === undefined) {
        throw validationError('ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName');
      }
      return select;
    case 'COUNT':
      if (projection) throw validationError(`Cannot specify the ${projection} when choosing to get only the Count`);
      return select;
  }
}

/** Which request members are expressions and which are their legacy counterparts, in DynamoDB's order. */
interface ParameterFamilies {
  readonly expressions: readonly string[];
  readonly legacy: readonly string[];
}

const families: Record<'Query' | 'Scan', ParameterFamilies> = {
  Query: {
    expressions: ['ProjectionExpression', 'FilterExpression', 'KeyConditionExpression'],
    legacy: ['AttributesToGet', 'QueryFilter', 'ConditionalOperator', 'KeyConditions'],
  },
  Scan: {
    expressions: ['ProjectionExpression', 'FilterExpression'],
    legacy: ['AttributesToGet', 'ScanFilter', 'ConditionalOperator'],
  },
};

/**
 * Rejects a Query or Scan that mixes expression parameters with legacy ones, or sends
 * `ExpressionAttributeNames`/`Values` without an expression that could use them.
 * `KeyConditions` alone may accompany a FilterExpression or a ProjectionExpression:
 * DynamoDB only objects to it beside a KeyConditionExpression.
 */
export function checkReadExpressionParameters(input: ExpressionMembers, operation: 'Query' | 'Scan'): void {
  const { expressions, legacy } = families[operation];
  const mixable =
    input.KeyConditionExpression === undefined ? legacy.filter((member) => member !== 'KeyConditions') : legacy;
  checkExpressionParameters(input, expressions, mixable);
  const filterMember = operation === 'Query' ? 'QueryFilter' : 'ScanFilter';
  // ConditionalOperator only combines the conditions of a legacy filter.
  if (input.ConditionalOperator !== undefined) {
    const filter = input[filterMember];
    if (filter === undefined) throw validationError('ConditionalOperator cannot be used without Filter or Expected');
    if (Object.keys(filter as object).length < 2) {
      throw validationError('ConditionalOperator can only be used when Filter or Expected has two or more elements');
    }
  }
}
