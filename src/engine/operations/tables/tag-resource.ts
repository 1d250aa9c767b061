import { tagResource as tagResourceShape } from '../../validation/shapes/tag-and-time-to-live-operations.js';
import { validationError } from '../../errors.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { lastValuePerKey } from './create-table.js';
import { taggedTable } from './tagged-table.js';
import type { TagInput } from './wire-types.js';

/** TagResource: adds tags to a table, replacing the value of keys it already has. */
export const tagResource: OperationHandler = (context, input: { ResourceArn: string; Tags: readonly TagInput[] }) => {
  const storage = context.storage;
  return storage.writeTransaction(() => {
    const definition = taggedTable(
      context,
      input.ResourceArn,
      `Requested resource not found: ResourcArn: ${input.ResourceArn} not found`,
    );
    if (input.Tags.length === 0) throw validationError('Atleast one Tag needs to be provided as Input.');
    storage.updateTable({ ...definition, tags: lastValuePerKey([...(definition.tags ?? []), ...input.Tags]) });
    return {};
  });
};

/** TagResource: its request shape and its handler (operations/registry.ts lists every definition). */
export const tagResourceOperation = defineOperation({
  name: 'TagResource',
  shape: tagResourceShape,
  handler: tagResource,
});
