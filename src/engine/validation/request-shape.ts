import { validationError } from '../errors.js';
import { compileRequestCheck, type RequestCheck } from './compiled-request-check.js';
import { checkConstraints } from './constraints.js';
import type { StructureShape } from './shape.js';

/**
 * `hasOwnProperty.call(record, key)` inside `for…in`: V8 answers it from the loop's enum
 * cache, while `Object.hasOwn` there costs a full lookup per key.
 */
const hasOwnProperty = Object.prototype.hasOwnProperty;

/** Batch operations whose `RequestItems` may not be an empty map. */
const batchOperations = new Set(['BatchGetItem', 'BatchWriteItem']);

/** Checks one request of a known operation in place; throws DynamoDB's shape errors. */
export type RequestShapeValidator = (input: object) => void;

/**
 * The check of one operation's requests against its shape (compiled once, when the operation
 * registry is built), in DynamoDB's order: JSON types first (`SerializationException`,
 * converting in place where DynamoDB converts and dropping `null` members), then every member
 * constraint at once (one aggregated `ValidationException`), then the few shape rules outside
 * the constraint system. Semantic checks (key against schema, expressions, unknown tables) are
 * the operations' own. Unknown members pass.
 */
export function requestShapeValidator(operation: string, shape: StructureShape): RequestShapeValidator {
  const check: RequestCheck = compileRequestCheck(shape);
  const isBatch = batchOperations.has(operation);
  return (input) => {
    const request = input as Record<string, unknown>;
    // Nearly every request passes: the messages are worked out only when one does not.
    if (!check(request)) checkConstraints(request, shape);
    if (isBatch && isEmpty(request.RequestItems as object)) {
      throw validationError(`The requestItems parameter is required for ${operation}`);
    }
  };
}

function isEmpty(record: object): boolean {
  for (const key in record) if (hasOwnProperty.call(record, key)) return false;
  return true;
}
