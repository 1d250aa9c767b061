import { DynamoDBError } from '../../errors.js';
import type { StoredTableDefinition } from '../../storage/storage.js';
import type { EngineContext } from '../operation.js';

/**
 * The table the continuous-backups operations name. They answer an unknown table with
 * `TableNotFoundException`, not the `ResourceNotFoundException` of the other operations.
 */
export function continuousBackupsTable(context: EngineContext, tableName: string): StoredTableDefinition {
  const definition = context.storage.getTable(tableName);
  if (!definition) throw new DynamoDBError('TableNotFoundException', `Table not found: ${tableName}`);
  return definition;
}
