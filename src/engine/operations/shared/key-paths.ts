import { DynamoDBError } from '../../errors.js';
import type { DocumentPath } from '../../expressions/index.js';
import type { TableDefinition } from '../../storage/storage.js';
import { keyAttributesOf } from './keys.js';

/**
 * A path into a key attribute. A transaction action that hits one fails the whole request
 * instead of becoming a cancellation reason, so it is told apart from other validation errors.
 */
export class KeyAttributePathError extends DynamoDBError {
  constructor(message: string) {
    super('ValidationException', message);
  }
}

/**
 * Key attributes are scalars, so an expression path into one (`pk.x`, `gsiKey[0]`) is an
 * error: the table's keys first (`Key: pk`), then every index's (`IndexKey: gk`), whatever
 * order the paths came in.
 */
export function assertKeyPathsScalar(table: TableDefinition, paths: readonly DocumentPath[]): void {
  const nested = new Set(paths.filter((path) => path.length > 1).map((path) => String(path[0])));
  if (nested.size === 0) return;
  const tableKeys = keyAttributesOf(table).map((key) => key.name);
  const indexKeys = [...table.globalIndexes, ...table.localIndexes].flatMap((index) =>
    keyAttributesOf(index).map((key) => key.name),
  );
  const prefix = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed";
  for (const name of tableKeys) if (nested.has(name)) throw new KeyAttributePathError(`${prefix}: Key: ${name}`);
  for (const name of indexKeys) if (nested.has(name)) throw new KeyAttributePathError(`${prefix}: IndexKey: ${name}`);
}
