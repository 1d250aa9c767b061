import { DynamoDBError, validationError } from '../errors.js';
import {
  keyConditionFromKeyConditions,
  keyConditionFromNode,
  type parseKeyConditionSyntax,
  type LegacyCondition,
} from '../expressions/index.js';
import type { OperationHandler } from '../operations/operation.js';
import { expressionAttributesOf } from '../expressions/expression-parameters.js';
import { validateQueryStartKey } from './exclusive-start-key.js';
import { pageResponse, readConsumedCapacity, readPage, readPageWithoutSizes } from './read-page.js';
import { pageEndsAtRangeEnd } from './range-end.js';
import {
  checkReadExpressionParameters,
  parseReadClauses,
  planPage,
  selectOfReadClauses,
  type PageReadInput,
} from './read-plan.js';
import { assertFilterAvoidsKeys, rejectConsistentReadOfGlobalIndex, resolveReadTarget } from './read-target.js';

/** The Query request members this handler reads (already shape-checked). */
interface QueryInput extends PageReadInput {
  readonly KeyConditionExpression?: string;
  readonly KeyConditions?: Record<string, LegacyCondition>;
  readonly ScanIndexForward?: boolean;
}

/**
 * Query: the items of one partition of the table or of an index, in sort-key order,
 * one page at a time. Only that partition is read, and reading stops once the page is
 * full (`Limit` items read, or 1 MB), so the cost follows the page, not the table.
 */
export const query: OperationHandler = (context, input: QueryInput) => {
  const table = context.storage.requireTable(input.TableName);
  checkReadExpressionParameters(input, 'Query');
  if (isAbsent(input.KeyConditions) && isAbsent(input.KeyConditionExpression)) {
    throw validationError(
      'Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.',
    );
  }
  const consistent = input.ConsistentRead === true;
  const target = resolveReadTarget(table, input.IndexName, false);

  const attributes = expressionAttributesOf(input);
  // DynamoDB rejects unused substitutions before it matches the key condition to the schema.
  let keyNode: ReturnType<typeof parseKeyConditionSyntax> | undefined;
  let boundsError: unknown;
  try {
    keyNode = isAbsent(input.KeyConditionExpression)
      ? undefined
      : context.caches.expressions.condition(
          input.KeyConditionExpression as string,
          attributes,
          'KeyConditionExpression',
        );
  } catch (error) {
    if (!(error instanceof DynamoDBError && error.reason === 'between-bounds-reversed')) throw error;
    boundsError = error;
  }
  const clauses = parseReadClauses(context, input, attributes, 'QueryFilter');
  // DynamoDB Local rejects a bad filter or projection before BETWEEN bounds in the wrong order.
  if (boundsError !== undefined) throw boundsError;
  attributes.assertAllUsed();
  rejectConsistentReadOfGlobalIndex(target.index, consistent);
  // The target holds the key schema it reads (its partition and sort attributes).
  const keyCondition = keyNode
    ? keyConditionFromNode(keyNode, target)
    : keyConditionFromKeyConditions(input.KeyConditions as Record<string, LegacyCondition>, target);
  const select = selectOfReadClauses(target, clauses, input);

  if (input.ExclusiveStartKey)
    validateQueryStartKey(input.ExclusiveStartKey, target, keyCondition, input.ScanIndexForward !== false);
  assertFilterAvoidsKeys(
    clauses.filterPaths,
    target,
    isAbsent(input.FilterExpression) ? 'QueryFilter' : 'Filter Expression',
  );
  // The read's view: storage, or what an eventually consistent read sees (cloud/consistency).
  const reads = context.consistency?.reads(consistent, target.index) ?? context.storage;
  const plan = planPage(reads, target, select, clauses, 'Query', input.Limit);

  const forward = input.ScanIndexForward !== false;
  // Sizes serve the capacity and the 1 MB page limit only. Without capacity to report, a
  // Query with a Limit reads them only if its items might reach the limit (then it reads
  // again, with them); one without a Limit often reads that far, so it reads them at once.
  const sizesWanted =
    (input.ReturnConsumedCapacity !== undefined && input.ReturnConsumedCapacity !== 'NONE') ||
    input.Limit === undefined;
  return context.storage.readTransaction(() => {
    const rows = (withSizes: boolean) =>
      reads.queryItems(table, {
        indexName: target.index?.name,
        partitionValues: keyCondition.partitionValues,
        sortPrefix: keyCondition.sortPrefix,
        sortCondition: keyCondition.sortCondition,
        forward,
        exclusiveStartKey: input.ExclusiveStartKey,
        limit: input.Limit,
        withSizes,
      });
    let page =
      (sizesWanted ? undefined : readPageWithoutSizes(rows(false), plan.options)) ?? readPage(rows(true), plan.options);
    if (
      page.lastEvaluatedKey &&
      pageEndsAtRangeEnd(target, keyCondition.sortCondition, forward, page.lastEvaluatedKey)
    ) {
      page = { ...page, lastEvaluatedKey: undefined };
    }
    const capacity = readConsumedCapacity(input.ReturnConsumedCapacity, target, consistent, {
      bytesRead: page.bytesRead,
      fetchedItemSizes: plan.fetchedItemSizes,
    });
    return pageResponse(page, select, capacity);
  });
};

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}
