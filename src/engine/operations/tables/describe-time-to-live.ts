import { tableNotFound } from '../../errors.js';
import type { OperationHandler } from '../operation.js';

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
