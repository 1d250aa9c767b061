import { resourceNotFound, validationError } from '../../errors.js';
import type { StoredTableDefinition } from '../../storage/storage.js';
import type { EngineContext } from '../operation.js';
import { isTableArnShaped, tableNameFromArn } from './table-arn.js';

/**
 * The table a tagging request's `ResourceArn` names. DynamoDB rejects an ARN that is not
 * a table ARN with `Invalid TableArn: …` and answers `ResourceNotFoundException` for a
 * table it does not have (`notFoundMessage` differs between the tagging operations).
 */
export function taggedTable(
  context: EngineContext,
  resourceArn: string,
  notFoundMessage: string,
): StoredTableDefinition {
  if (!isTableArnShaped(resourceArn)) {
    throw validationError(`Invalid TableArn: Invalid ResourceArn provided as input ${resourceArn}`);
  }
  const name = tableNameFromArn(context, resourceArn);
  const definition = name === undefined ? undefined : context.storage.getTable(name);
  if (!definition) throw resourceNotFound(notFoundMessage);
  return definition;
}
