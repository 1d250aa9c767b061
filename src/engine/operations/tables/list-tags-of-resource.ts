import { listTagsOfResource as listTagsOfResourceShape } from '../../validation/shapes/tag-and-time-to-live-operations.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { taggedTable } from './tagged-table.js';

/** ListTagsOfResource: every tag of the table, in one page. */
export const listTagsOfResource: OperationHandler = (context, input: { ResourceArn: string }) => {
  const definition = taggedTable(
    context,
    input.ResourceArn,
    `Requested resource not found: ResourcArn: ${input.ResourceArn} not found`,
  );
  return { Tags: (definition.tags ?? []).map((tag) => ({ Key: tag.Key, Value: tag.Value })) };
};

/** ListTagsOfResource: its request shape and its handler (operations/registry.ts lists every definition). */
export const listTagsOfResourceOperation = defineOperation({
  name: 'ListTagsOfResource',
  shape: listTagsOfResourceShape,
  handler: listTagsOfResource,
});
