import { DynamoDBError } from '../errors.js';
import type { DocumentPath } from '../expressions/index.js';
import { javaHashSetOrder } from '../expressions/java-hash-order.js';
import type { IndexDefinition, StoredTableDefinition } from '../storage/storage.js';
import { keyAttributesOf } from './table-keys.js';

/**
 * A path into a key attribute. A transaction action that hits one fails the whole request
 * instead of becoming a cancellation reason, so it is told apart from other validation errors.
 */
export class KeyAttributePathError extends DynamoDBError {
  constructor(message: string) {
    super('ValidationException', message);
  }
}

const isNested = (path: DocumentPath): boolean => path.length > 1;

/** Indexes in the order DynamoDB walks them: a Java HashMap keyed by index name. */
function inCheckOrder(indexes: readonly IndexDefinition[]): IndexDefinition[] {
  const byName = new Map(indexes.map((index) => [index.name, index]));
  return javaHashSetOrder(byName.keys()).map((name) => byName.get(name) as IndexDefinition);
}

/**
 * Key attributes are scalars, so an expression path into one (`pk.x`, `gsiKey[0]`) is an
 * error: the table's keys first (`Key: pk`), then the LSIs' and then the GSIs' keys
 * (`IndexKey: gk`), whatever order the paths came in.
 */
export function assertKeyPathsScalar(table: StoredTableDefinition, paths: readonly DocumentPath[]): void {
  // Most expressions name top-level attributes only: nothing to check.
  if (!paths.some(isNested)) return;
  const nested = new Set(paths.filter(isNested).map((path) => String(path[0])));
  const tableKeys = keyAttributesOf(table).map((key) => key.name);
  const indexKeys = [...inCheckOrder(table.localIndexes), ...inCheckOrder(table.globalIndexes)].flatMap((index) =>
    keyAttributesOf(index).map((key) => key.name),
  );
  const prefix = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed";
  for (const name of tableKeys) if (nested.has(name)) throw new KeyAttributePathError(`${prefix}: Key: ${name}`);
  for (const name of indexKeys) if (nested.has(name)) throw new KeyAttributePathError(`${prefix}: IndexKey: ${name}`);
}
