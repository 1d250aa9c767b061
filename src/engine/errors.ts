import type { Item } from './values/attribute-value.js';

/**
 * Why the engine raised an error, for the code that must tell errors apart: transactions
 * keep some problems as an action's cancellation reason, order others after every
 * action's expressions, and a Query reports reversed BETWEEN bounds after its filter.
 * Messages are DynamoDB's wire contract and follow its wording; the engine branches on
 * the reason only, so rewording a message never changes what the engine does with it.
 *
 * - `invalid-request`: any other `ValidationException` (nothing tells these apart).
 * - `key-schema-mismatch`: `The provided key element does not match the schema`.
 * - `item-key-missing`, `item-key-type-mismatch`: an item to be written lacks a table key
 *   attribute or carries it with another type (`Missing the key …`, `Type mismatch for key …`).
 * - `index-key-type-mismatch`: an item carries an index key attribute as another scalar
 *   type; `index-key-not-scalar`: as a set, list, map, boolean or null.
 * - `invalid-expression`: a problem inside an expression (`Invalid <member>: …`);
 *   `between-bounds-reversed`: its BETWEEN has the upper bound below the lower.
 * - `unused-expression-attributes`: `Value provided in ExpressionAttribute… unused …`.
 * - `substitutions-without-expression`: `ExpressionAttribute… can only be specified when using expressions`.
 * - `resource-not-found`, `resource-in-use`, `condition-failed`, `serialization`, `internal`:
 *   the errors of those types made by the factories below.
 * - `unclassified`: an error made with the constructor alone.
 */
export type DynamoDBErrorReason =
  | 'invalid-request'
  | 'key-schema-mismatch'
  | 'item-key-missing'
  | 'item-key-type-mismatch'
  | 'index-key-type-mismatch'
  | 'index-key-not-scalar'
  | 'invalid-expression'
  | 'between-bounds-reversed'
  | 'unused-expression-attributes'
  | 'substitutions-without-expression'
  | 'resource-not-found'
  | 'resource-in-use'
  | 'condition-failed'
  | 'serialization'
  | 'internal'
  | 'unclassified';

/**
 * An error the engine answers with, shaped as DynamoDB answers it: an error type
 * (`ValidationException`), an HTTP status and a message, plus any extra members of the
 * body (`Item` on a failed condition, `CancellationReasons` on a cancelled transaction).
 * `reason` says what kind of problem it is, for the engine's own decisions (see
 * {@link DynamoDBErrorReason}); it is not part of the answer.
 *
 * @example
 * const error = keyDoesNotMatchSchema();
 * if (error.reason === 'key-schema-mismatch') console.log(error.message); // The provided key element does not match the schema
 */
export class DynamoDBError extends Error {
  constructor(
    /** The error type without its namespace, e.g. `ConditionalCheckFailedException`. */
    readonly type: string,
    message: string,
    readonly statusCode: number = 400,
    /** Extra top-level members of the error body. */
    readonly extra: Record<string, unknown> = {},
    /** What kind of problem it is; set by the factories of this module. */
    readonly reason: DynamoDBErrorReason = 'unclassified',
  ) {
    super(message);
    this.name = type;
  }

  /** The error body on the wire: `{"__type": "com.amazonaws.dynamodb.v20120810#…", "message": …}`. */
  toWire(): Record<string, unknown> {
    return { __type: `com.amazonaws.dynamodb.v20120810#${this.type}`, message: this.message, ...this.extra };
  }
}

/** A `ValidationException` of a kind nothing in the engine tells apart from others. */
export function validationError(message: string): DynamoDBError {
  return new DynamoDBError('ValidationException', message, 400, {}, 'invalid-request');
}

/** `One or more parameter values were invalid: …`, DynamoDB's prefix for bad values. */
export function invalidParameterValue(detail: string): DynamoDBError {
  return validationError(`One or more parameter values were invalid: ${detail}`);
}

/** Item and batch operations on an unknown table. */
export function resourceNotFound(message = 'Requested resource not found'): DynamoDBError {
  return new DynamoDBError('ResourceNotFoundException', message, 400, {}, 'resource-not-found');
}

export function tableNotFound(tableName: string): DynamoDBError {
  return resourceNotFound(`Requested resource not found: Table: ${tableName} not found`);
}

export function resourceInUse(message: string): DynamoDBError {
  return new DynamoDBError('ResourceInUseException', message, 400, {}, 'resource-in-use');
}

export function conditionalCheckFailed(item?: Item): DynamoDBError {
  return new DynamoDBError(
    'ConditionalCheckFailedException',
    'The conditional request failed',
    400,
    item ? { Item: item } : {},
    'condition-failed',
  );
}

export function serializationError(message: string): DynamoDBError {
  return new DynamoDBError('SerializationException', message, 400, {}, 'serialization');
}

export function internalServerError(message = 'Internal server error'): DynamoDBError {
  return new DynamoDBError('InternalServerError', message, 500, {}, 'internal');
}

function validationErrorOf(reason: DynamoDBErrorReason, message: string): DynamoDBError {
  return new DynamoDBError('ValidationException', message, 400, {}, reason);
}

export function keyDoesNotMatchSchema(): DynamoDBError {
  return validationErrorOf('key-schema-mismatch', 'The provided key element does not match the schema');
}

/** An item to be written lacks one of the table's key attributes. */
export function missingItemKey(attributeName: string): DynamoDBError {
  return validationErrorOf(
    'item-key-missing',
    `One or more parameter values were invalid: Missing the key ${attributeName} in the item`,
  );
}

/** An item to be written carries a table key attribute with another type than the table declares. */
export function itemKeyTypeMismatch(attributeName: string, expected: string, actual: string): DynamoDBError {
  return validationErrorOf(
    'item-key-type-mismatch',
    `One or more parameter values were invalid: Type mismatch for key ${attributeName} expected: ${expected} actual: ${actual}`,
  );
}

const scalarTypes = new Set(['S', 'N', 'B']);

/**
 * An item carries an index key attribute with another type than the table declares. A
 * transaction keeps a scalar of another type as its action's cancellation reason, while a
 * value that is no scalar at all fails the whole request, as in DynamoDB: hence two reasons.
 */
export function indexKeyTypeMismatch(
  attributeName: string,
  expected: string,
  actual: string,
  indexName: string,
): DynamoDBError {
  return validationErrorOf(
    scalarTypes.has(actual) ? 'index-key-type-mismatch' : 'index-key-not-scalar',
    `One or more parameter values were invalid: Type mismatch for Index Key ${attributeName} Expected: ${expected} Actual: ${actual} IndexName: ${indexName}`,
  );
}

/** `Invalid <member>: <detail>`, DynamoDB's frame for every problem found inside an expression. */
export function invalidExpression(member: string, detail: string): DynamoDBError {
  return validationErrorOf('invalid-expression', `Invalid ${member}: ${detail}`);
}

/** A BETWEEN whose upper bound sorts before its lower bound; `bounds` prints both operands. */
export function betweenBoundsReversed(member: string, bounds: string): DynamoDBError {
  return validationErrorOf(
    'between-bounds-reversed',
    `Invalid ${member}: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; ${bounds}`,
  );
}

/** Substitutions no expression of the request used, keys already in DynamoDB's order. */
export function unusedExpressionAttributes(
  member: 'ExpressionAttributeNames' | 'ExpressionAttributeValues',
  keys: readonly string[],
): DynamoDBError {
  return validationErrorOf(
    'unused-expression-attributes',
    `Value provided in ${member} unused in expressions: keys: {${keys.join(', ')}}`,
  );
}

/** Substitutions sent with no expression that could use them; `detail` names the missing expressions. */
export function substitutionsWithoutExpression(
  member: 'ExpressionAttributeNames' | 'ExpressionAttributeValues',
  detail?: string,
): DynamoDBError {
  return validationErrorOf(
    'substitutions-without-expression',
    `${member} can only be specified when using expressions${detail === undefined ? '' : `: ${detail}`}`,
  );
}
