import { updateTimeToLive as updateTimeToLiveShape } from '../../validation/shapes/tag-and-time-to-live-operations.js';
import { tableNotFound, validationError } from '../../errors.js';
import { defineOperation, type OperationHandler } from '../operation.js';

interface UpdateTimeToLiveInput {
  readonly TableName: string;
  readonly TimeToLiveSpecification: { readonly Enabled: boolean; readonly AttributeName: string };
}

/**
 * UpdateTimeToLive: enables TTL on one attribute or disables it. Takes effect at once
 * (DynamoDB passes through ENABLING/DISABLING; DynamoDB Local does not, nor do we).
 */
export const updateTimeToLive: OperationHandler = (context, input: UpdateTimeToLiveInput) => {
  const storage = context.storage;
  const specification = input.TimeToLiveSpecification;
  return storage.writeTransaction(() => {
    const definition = storage.getTable(input.TableName);
    if (!definition) throw tableNotFound(input.TableName);
    const current = definition.timeToLive;
    const enabled = current?.enabled === true;
    if (enabled && current.attributeName !== specification.AttributeName) {
      throw validationError('TimeToLive is active on a different AttributeName');
    }
    if (specification.Enabled && enabled) throw validationError('TimeToLive is already enabled');
    if (!specification.Enabled && !enabled) throw validationError('TimeToLive is already disabled');
    storage.updateTable({
      ...definition,
      timeToLive: { attributeName: specification.AttributeName, enabled: specification.Enabled },
    });
    return {
      TimeToLiveSpecification: { Enabled: specification.Enabled, AttributeName: specification.AttributeName },
    };
  });
};

/** UpdateTimeToLive: its request shape and its handler (operations/registry.ts lists every definition). */
export const updateTimeToLiveOperation = defineOperation({
  name: 'UpdateTimeToLive',
  shape: updateTimeToLiveShape,
  handler: updateTimeToLive,
  startsBackfill: true,
});
