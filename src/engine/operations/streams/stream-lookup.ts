import { resourceNotFound } from '../../errors.js';
import type { StreamRow } from '../../storage/stream-log.js';
import type { EngineContext } from '../operation.js';
import { parseStreamArn } from './stream-specification.js';

/** The stream an ARN names; ResourceNotFoundException with DynamoDB's wording when there is none. */
export function requireStream(context: EngineContext, arn: string): StreamRow {
  const parsed = parseStreamArn(context, arn);
  const stream = parsed && context.storage.streams.findStream(parsed.tableName, parsed.label);
  if (!stream) throw resourceNotFound(`Requested resource not found: Stream: ${arn} not found`);
  return stream;
}
