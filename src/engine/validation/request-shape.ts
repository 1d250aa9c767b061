import { validationError } from '../errors.js';
import { checkConstraints } from './constraints.js';
import { deserializeRequest } from './deserialize.js';
import { requestShapes } from './shapes/index.js';

/** Batch operations whose `RequestItems` may not be an empty map. */
const batchOperations = new Set(['BatchGetItem', 'BatchWriteItem']);

/**
 * Checks a request against its operation's shape, in DynamoDB's order: JSON types first
 * (`SerializationException`, converting in place where DynamoDB converts and dropping
 * `null` members), then every member constraint at once (one aggregated
 * `ValidationException`), then the few shape rules outside the constraint system.
 * Semantic checks (key against schema, expressions, unknown tables) are the
 * operations' own. Unknown operations and unknown members pass.
 *
 * @example
 * validateRequestShape('ListTables', { Limit: 0 });
 * // throws: 1 validation error detected: Value '0' at 'limit' failed to satisfy constraint:
 * //         Member must have value greater than or equal to 1
 */
export function validateRequestShape(operation: string, input: object): void {
  const shape = Object.hasOwn(requestShapes, operation) ? requestShapes[operation] : undefined;
  if (!shape) return;
  const request = input as Record<string, unknown>;
  deserializeRequest(request, shape);
  checkConstraints(request, shape);
  if (batchOperations.has(operation) && Object.keys(request.RequestItems as object).length === 0) {
    throw validationError(`The requestItems parameter is required for ${operation}`);
  }
}
