import { describeTimeToLive as describeTimeToLiveShape } from '../../validation/shapes/tag-and-time-to-live-operations.js';
import { tableNotFound } from '../../errors.js';
import { defineOperation, type OperationHandler } from '../operation.js';

/** DescribeTimeToLive: ENABLED with the attribute, or DISABLED. */
export const describeTimeToLive: OperationHandler = (context, input: { TableName: string }) => {
  const definition = context.storage.getTable(input.TableName);
  if (!definition) throw tableNotFound(input.TableName);
  const ttl = definition.timeToLive;
  return {
    TimeToLiveDescription: ttl?.enabled
      ? { TimeToLiveStatus: 'ENABLED', AttributeName: ttl.attributeName }
      : { TimeToLiveStatus: 'DISABLED' },
  };
};

/** DescribeTimeToLive: its request shape and its handler (operations/registry.ts lists every definition). */
export const describeTimeToLiveOperation = defineOperation({
  name: 'DescribeTimeToLive',
  shape: describeTimeToLiveShape,
  handler: describeTimeToLive,
});
