import { validationError } from '../errors.js';
import { checkConstraints } from './constraints.js';
import { deserializeRequest } from './deserialize.test-support.js';
import { requestShapes } from '../operations/registry.js';

/**
 * The request-shape check written plainly, for tests to compare the engine's compiled one
 * with: the reference deserializer, then the constraint collector, then the rule outside
 * the constraints (a batch's `RequestItems` may not be empty). Same errors, same order,
 * same conversions in place.
 */
export function referenceValidate(operation: string, request: Record<string, unknown>): void {
  const shape = requestShapes[operation];
  if (shape === undefined) return;
  deserializeRequest(request, shape);
  checkConstraints(request, shape);
  if (
    (operation === 'BatchGetItem' || operation === 'BatchWriteItem') &&
    Object.keys(request.RequestItems as object).length === 0
  ) {
    throw validationError(`The requestItems parameter is required for ${operation}`);
  }
}
