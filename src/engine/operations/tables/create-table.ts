import { createTable as createTableShape } from '../../validation/shapes/table-operations.js';
import { resourceInUse } from '../../errors.js';
import type { TableStream } from '../../storage/storage.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { createStreamError, shardDurationOf } from '../streams/stream-specification.js';
import { createTableDefinitionError } from './definition-errors.js';
import { definitionFromDescription, newTableDescription, renderDescription } from './table-description.js';
import type { CreateTableInput, TagInput } from './wire-types.js';

/**
 * CreateTable: checks the definition as DynamoDB does, then creates the table and its
 * index tables at once. The answer says CREATING, as DynamoDB's does; the table is usable
 * immediately and DescribeTable reports it ACTIVE.
 */
export const createTable: OperationHandler = (context, input: CreateTableInput) => {
  const error = createTableDefinitionError(input) ?? createStreamError(input.StreamSpecification);
  if (error) throw error;
  const storage = context.storage;
  return storage.writeTransaction(() => {
    if (storage.getTable(input.TableName)) throw resourceInUse(`Table already exists: ${input.TableName}`);
    const description = newTableDescription(input, context.now() / 1000);
    const tags = input.Tags?.length ? lastValuePerKey(input.Tags) : undefined;
    const spec = input.StreamSpecification;
    let stream: TableStream | undefined;
    if (spec?.StreamEnabled && spec.StreamViewType) {
      stream = storage.streams.createStream(
        definitionFromDescription(description),
        spec.StreamViewType,
        context.now(),
        shardDurationOf(context),
      );
      description.StreamSpecification = { StreamEnabled: true, StreamViewType: spec.StreamViewType };
      description.LatestStreamLabel = stream.label;
    }
    storage.createTable(definitionFromDescription(description, { tags, stream }));
    const definition = storage.requireTable(input.TableName);
    const creating = Object.fromEntries(
      (input.GlobalSecondaryIndexes ?? []).map((index) => [index.IndexName, 'CREATING' as const]),
    );
    return {
      TableDescription: renderDescription(context, definition, {
        tableStatus: 'CREATING',
        indexStatus: creating,
        withoutStatistics: true,
      }),
    };
  });
};

/** Tags with one entry per key, the last value winning, in first-seen order. */
export function lastValuePerKey(tags: readonly TagInput[]): { Key: string; Value: string }[] {
  const byKey = new Map<string, string>();
  for (const tag of tags) byKey.set(tag.Key, tag.Value);
  return [...byKey].map(([Key, Value]) => ({ Key, Value }));
}

/** CreateTable: its request shape and its handler (operations/registry.ts lists every definition). */
export const createTableOperation = defineOperation({
  name: 'CreateTable',
  shape: createTableShape,
  handler: createTable,
});
