import { untagResource as untagResourceShape } from '../../validation/shapes/tag-and-time-to-live-operations.js';
import { validationError } from '../../errors.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { taggedTable } from './tagged-table.js';

/** UntagResource: removes the tags with these keys (keys the table lacks are ignored). */
export const untagResource: OperationHandler = (
  context,
  input: { ResourceArn: string; TagKeys: readonly string[] },
) => {
  const storage = context.storage;
  return storage.writeTransaction(() => {
    const definition = taggedTable(context, input.ResourceArn, 'Requested resource not found');
    if (input.TagKeys.length === 0) throw validationError('Atleast one Tag Key needs to be provided as Input.');
    const removed = new Set(input.TagKeys);
    storage.updateTable({ ...definition, tags: (definition.tags ?? []).filter((tag) => !removed.has(tag.Key)) });
    return {};
  });
};

/** UntagResource: its request shape and its handler (operations/registry.ts lists every definition). */
export const untagResourceOperation = defineOperation({
  name: 'UntagResource',
  shape: untagResourceShape,
  handler: untagResource,
});
