import type { OperationHandler } from '../operations/operation.js';
import { expressionAttributesOf } from '../expressions/expression-parameters.js';
import { validateScanStartKey } from './exclusive-start-key.js';
import { pageResponse, readConsumedCapacity, readPage } from './read-page.js';
import {
  checkReadExpressionParameters,
  parseReadClauses,
  planPage,
  selectOfReadClauses,
  type PageReadInput,
} from './read-plan.js';
import { resolveReadTarget } from './read-target.js';
import { assertStartKeyInSegment, resolveSegment } from './segments.js';

/** The Scan request members this handler reads (already shape-checked). */
interface ScanInput extends PageReadInput {
  readonly Segment?: number;
  readonly TotalSegments?: number;
}

/**
 * Scan: every item of the table or of an index, one page at a time (`Limit` items read
 * or 1 MB), optionally one segment of a parallel scan. Storage splits segments by
 * partition-key hash, so each item belongs to exactly one segment.
 */
export const scan: OperationHandler = (context, input: ScanInput) => {
  const table = context.storage.requireTable(input.TableName);
  checkReadExpressionParameters(input, 'Scan');
  const segment = resolveSegment(input.Segment, input.TotalSegments);
  const consistent = input.ConsistentRead === true;
  const target = resolveReadTarget(table, input.IndexName, consistent);

  const attributes = expressionAttributesOf(input);
  const clauses = parseReadClauses(context, input, attributes, 'ScanFilter');
  attributes.assertAllUsed();
  const select = selectOfReadClauses(target, clauses, input);

  if (input.ExclusiveStartKey) {
    validateScanStartKey(input.ExclusiveStartKey, target);
    if (segment) assertStartKeyInSegment(input.ExclusiveStartKey, target, segment);
  }
  // The read's view: storage, or what an eventually consistent read sees (cloud/consistency).
  const reads = context.consistency?.reads(consistent, target.index) ?? context.storage;
  const plan = planPage(reads, target, select, clauses, 'Scan', input.Limit);

  return context.storage.readTransaction(() => {
    const rows = reads.scanItems(table, {
      indexName: target.index?.name,
      segment: segment?.segment,
      totalSegments: segment?.totalSegments,
      exclusiveStartKey: input.ExclusiveStartKey,
      limit: input.Limit,
    });
    const page = readPage(rows, plan.options);
    const capacity = readConsumedCapacity(input.ReturnConsumedCapacity, target, consistent, {
      bytesRead: page.bytesRead,
      fetchedItemSizes: plan.fetchedItemSizes,
    });
    return pageResponse(page, select, capacity);
  });
};
