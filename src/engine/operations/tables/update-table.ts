import { updateTable as updateTableShape } from '../../validation/shapes/table-operations.js';
import {
  DynamoDBError,
  invalidParameterValue,
  resourceNotFound,
  tableNotFound,
  validationError,
} from '../../errors.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import {
  shardDurationOf,
  updateStreamRequestError,
  updateStreamStateError,
  type StreamSpecificationInput,
} from '../streams/stream-specification.js';
import { capacityBoundsError, globalIndexError } from './definition-errors.js';
import {
  billingModeOf,
  definitionFromDescription,
  indexDescription,
  renderDescription,
  storedDescription,
  type StoredDescription,
  type StoredIndexDescription,
} from './table-description.js';
import type { AttributeDefinitionInput, BillingMode, IndexInput, ProvisionedThroughputInput } from './wire-types.js';

interface GlobalIndexUpdate {
  readonly Create?: IndexInput;
  readonly Update?: { readonly IndexName: string; readonly ProvisionedThroughput: ProvisionedThroughputInput };
  readonly Delete?: { readonly IndexName: string };
}

interface UpdateTableInput {
  readonly TableName: string;
  readonly AttributeDefinitions?: readonly AttributeDefinitionInput[];
  readonly BillingMode?: BillingMode;
  readonly ProvisionedThroughput?: ProvisionedThroughputInput;
  readonly GlobalSecondaryIndexUpdates?: readonly GlobalIndexUpdate[];
  readonly DeletionProtectionEnabled?: boolean;
  readonly StreamSpecification?: StreamSpecificationInput;
  readonly SSESpecification?: unknown;
  readonly ReplicaUpdates?: unknown;
  readonly TableClass?: unknown;
}

const largestGlobalIndexCount = 20;

/** Checks DynamoDB makes before it looks the table up. */
function requestError(input: UpdateTableInput): DynamoDBError | undefined {
  const indexUpdates = input.GlobalSecondaryIndexUpdates ?? [];
  if (
    !input.ProvisionedThroughput &&
    !input.BillingMode &&
    indexUpdates.length === 0 &&
    input.DeletionProtectionEnabled === undefined &&
    !input.StreamSpecification &&
    !input.SSESpecification &&
    !input.ReplicaUpdates &&
    !input.TableClass
  ) {
    return validationError(
      'At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required',
    );
  }
  if (input.ProvisionedThroughput) {
    const bounds = capacityBoundsError(input.ProvisionedThroughput);
    if (bounds) return bounds;
  }
  const seen = new Set<string>();
  for (const update of indexUpdates) {
    const name = update.Update?.IndexName ?? update.Create?.IndexName ?? update.Delete?.IndexName;
    if (name === undefined) {
      return invalidParameterValue(
        'One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null',
      );
    }
    if (seen.has(name)) {
      return invalidParameterValue(
        `Only one global secondary index update per index is allowed simultaneously. Index: ${name}`,
      );
    }
    seen.add(name);
  }
  return undefined;
}

/** `what` is `table` or `index <name>`; DynamoDB Local says only "The requested throughput value equals the current value". */
function sameThroughputError(
  current: { ReadCapacityUnits: number; WriteCapacityUnits: number },
  requested: ProvisionedThroughputInput,
  what = 'table',
): DynamoDBError {
  const owner = what === 'table' ? 'table' : 'index';
  return validationError(
    `The provisioned throughput for the ${what} will not change. The requested value equals the current value. ` +
      `Current ReadCapacityUnits provisioned for the ${owner}: ${current.ReadCapacityUnits}. Requested ReadCapacityUnits: ${requested.ReadCapacityUnits}. ` +
      `Current WriteCapacityUnits provisioned for the ${owner}: ${current.WriteCapacityUnits}. Requested WriteCapacityUnits: ${requested.WriteCapacityUnits}. ` +
      'Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.',
  );
}

/** Attribute definitions after adding the request's, rejecting a changed type. */
function mergedDefinitions(
  current: readonly AttributeDefinitionInput[],
  added: readonly AttributeDefinitionInput[],
): AttributeDefinitionInput[] {
  const merged = [...current];
  for (const definition of added) {
    const existing = merged.find((candidate) => candidate.AttributeName === definition.AttributeName);
    if (existing && existing.AttributeType !== definition.AttributeType) {
      throw validationError('invalid attribute, SchemaElement redefined should be of same type as previously defined');
    }
    if (!existing) merged.push({ AttributeName: definition.AttributeName, AttributeType: definition.AttributeType });
  }
  return merged;
}

/** Definitions still used by a key schema of the table or one of its indexes. */
function usedDefinitions(description: StoredDescription): AttributeDefinitionInput[] {
  const used = new Set(
    [
      description.KeySchema,
      ...(description.LocalSecondaryIndexes ?? []).map((index) => index.KeySchema),
      ...(description.GlobalSecondaryIndexes ?? []).map((index) => index.KeySchema),
    ]
      .flat()
      .map((key) => key.AttributeName),
  );
  return description.AttributeDefinitions.filter((definition) => used.has(definition.AttributeName));
}

/**
 * UpdateTable: billing mode and throughput changes, deletion protection, and creating
 * (with backfill of the existing items) or deleting one GSI. Changes apply at once, but a
 * new GSI's backfill runs in slices (storage/backfill-progress.ts): a table of a few hundred
 * items is done within this call, a larger one leaves the index CREATING (`Backfilling`)
 * until the engine has indexed every item in the background. The answer reports UPDATING
 * and the index CREATING/DELETING, as DynamoDB's does.
 */
export const updateTable: OperationHandler = (context, input: UpdateTableInput) => {
  const early = requestError(input) ?? updateStreamRequestError(input.StreamSpecification);
  if (early) throw early;
  const storage = context.storage;
  return storage.writeTransaction(() => {
    const definition = storage.getTable(input.TableName);
    if (!definition) throw tableNotFound(input.TableName);
    const previous = storedDescription(definition);
    const now = context.now() / 1000;
    const currentMode = billingModeOf(previous);
    const targetMode = input.BillingMode ?? currentMode;
    const next: StoredDescription = structuredClone(previous);

    if (targetMode === 'PROVISIONED' && currentMode !== 'PROVISIONED' && !input.ProvisionedThroughput) {
      throw invalidParameterValue('ProvisionedThroughput must be specified when BillingMode is PROVISIONED');
    }
    if (input.ProvisionedThroughput && targetMode === 'PAY_PER_REQUEST') {
      throw invalidParameterValue(
        'Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST',
      );
    }
    const indexUpdates = input.GlobalSecondaryIndexUpdates ?? [];
    const creatingOrDeleting = indexUpdates.filter((update) => update.Create || update.Delete).length;
    // An index still backfilling counts as one being created.
    if (creatingOrDeleting + (definition.backfills?.globalIndex !== undefined ? 1 : 0) > 1) {
      throw new DynamoDBError(
        'LimitExceededException',
        'Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table',
      );
    }

    // Throughput of the table.
    if (input.ProvisionedThroughput) {
      const throughput = next.ProvisionedThroughput;
      const requested = input.ProvisionedThroughput;
      const readChange = requested.ReadCapacityUnits - throughput.ReadCapacityUnits;
      const writeChange = requested.WriteCapacityUnits - throughput.WriteCapacityUnits;
      if (currentMode === 'PROVISIONED' && readChange === 0 && writeChange === 0) {
        throw sameThroughputError(throughput, requested);
      }
      if (currentMode === 'PROVISIONED') {
        if (readChange > 0 || writeChange > 0) throughput.LastIncreaseDateTime = now;
        // The reference records the time of a decrease but does not count it.
        if (readChange < 0 || writeChange < 0) throughput.LastDecreaseDateTime = now;
      }
      throughput.ReadCapacityUnits = requested.ReadCapacityUnits;
      throughput.WriteCapacityUnits = requested.WriteCapacityUnits;
    }

    // Billing mode.
    const globals: StoredIndexDescription[] = next.GlobalSecondaryIndexes ?? [];
    if (targetMode !== currentMode) {
      if (targetMode === 'PAY_PER_REQUEST') {
        next.BillingModeSummary = { BillingMode: 'PAY_PER_REQUEST', LastUpdateToPayPerRequestDateTime: now };
        next.ProvisionedThroughput.ReadCapacityUnits = 0;
        next.ProvisionedThroughput.WriteCapacityUnits = 0;
        // The reference keeps each GSI's provisioned throughput across billing mode switches.
      } else {
        next.BillingModeSummary = { ...next.BillingModeSummary, BillingMode: 'PROVISIONED' };
      }
    }

    // Index updates.
    const indexStatus: Record<string, 'CREATING' | 'DELETING'> = {};
    let newIndex: string | undefined;
    const deleted: StoredIndexDescription[] = [];
    for (const update of indexUpdates) {
      if (update.Update) {
        const index = globals.find((candidate) => candidate.IndexName === update.Update?.IndexName);
        if (!index) throw validationError('Invalid global secondary index name');
        const bounds = capacityBoundsError(update.Update.ProvisionedThroughput);
        if (bounds) throw bounds;
        const current = index.ProvisionedThroughput ?? { ReadCapacityUnits: 0, WriteCapacityUnits: 0 };
        if (
          current.ReadCapacityUnits === update.Update.ProvisionedThroughput.ReadCapacityUnits &&
          current.WriteCapacityUnits === update.Update.ProvisionedThroughput.WriteCapacityUnits
        ) {
          throw sameThroughputError(current, update.Update.ProvisionedThroughput, `index ${index.IndexName}`);
        }
        index.ProvisionedThroughput = {
          ReadCapacityUnits: update.Update.ProvisionedThroughput.ReadCapacityUnits,
          WriteCapacityUnits: update.Update.ProvisionedThroughput.WriteCapacityUnits,
        };
      } else if (update.Delete) {
        const position = globals.findIndex((candidate) => candidate.IndexName === update.Delete?.IndexName);
        if (position < 0) throw resourceNotFound();
        deleted.push(...globals.splice(position, 1));
        indexStatus[update.Delete.IndexName] = 'DELETING';
      } else if (update.Create) {
        const create = update.Create;
        const exists =
          globals.some((index) => index.IndexName === create.IndexName) ||
          (next.LocalSecondaryIndexes ?? []).some((index) => index.IndexName === create.IndexName);
        if (exists) throw validationError('Attempting to create an index which already exists');
        next.AttributeDefinitions = mergedDefinitions(next.AttributeDefinitions, input.AttributeDefinitions ?? []);
        const error = globalIndexError(create, next.AttributeDefinitions, targetMode);
        if (error) throw error;
        if (globals.length + 1 > largestGlobalIndexCount) {
          throw invalidParameterValue(
            `GlobalSecondaryIndex count exceeds the per-table limit of ${largestGlobalIndexCount}`,
          );
        }
        globals.push(indexDescription(create, true, targetMode));
        indexStatus[create.IndexName] = 'CREATING';
        newIndex = create.IndexName;
      }
    }
    if (globals.length > 0) next.GlobalSecondaryIndexes = globals;
    else delete next.GlobalSecondaryIndexes;
    // The reference keeps every definition a Create brought along, and forgets the unused ones on a Delete.
    if (deleted.length > 0) next.AttributeDefinitions = usedDefinitions(next);

    if (input.DeletionProtectionEnabled !== undefined) next.DeletionProtectionEnabled = input.DeletionProtectionEnabled;

    let stream = definition.stream;
    const spec = input.StreamSpecification;
    if (spec) {
      const streamError = updateStreamStateError(spec, definition);
      if (streamError) throw streamError;
      if (spec.StreamEnabled && spec.StreamViewType) {
        // Each enable mints a new stream (new label and ARN); the old one stays readable.
        stream = storage.streams.createStream(definition, spec.StreamViewType, context.now(), shardDurationOf(context));
        next.StreamSpecification = { StreamEnabled: true, StreamViewType: spec.StreamViewType };
        next.LatestStreamLabel = stream.label;
      } else if (stream) {
        storage.streams.disableStream(stream.id, context.now());
        stream = undefined;
        delete next.StreamSpecification;
      }
    }

    storage.updateTable(definitionFromDescription(next, { ...definition, stream }));
    const updated = storage.requireTable(input.TableName);
    return {
      TableDescription: renderDescription(
        context,
        updated,
        { tableStatus: 'UPDATING', indexStatus, newIndex },
        deleted,
      ),
    };
  });
};

/** UpdateTable: its request shape and its handler (operations/registry.ts lists every definition). */
export const updateTableOperation = defineOperation({
  name: 'UpdateTable',
  shape: updateTableShape,
  handler: updateTable,
  startsBackfill: true,
});
