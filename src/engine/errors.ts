import type { Item } from './values/attribute-value.js';

/**
 * An error the engine answers with, shaped as DynamoDB answers it: an error type
 * (`ValidationException`), an HTTP status and a message, plus any extra members of the
 * body (`Item` on a failed condition, `CancellationReasons` on a cancelled transaction).
 *
 * @example
 * throw new DynamoDBError('ValidationException', 'The provided key element does not match the schema');
 */
export class DynamoDBError extends Error {
  constructor(
    /** The error type without its namespace, e.g. `ConditionalCheckFailedException`. */
    readonly type: string,
    message: string,
    readonly statusCode: number = 400,
    /** Extra top-level members of the error body. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = type;
  }

  /** The error body on the wire: `{"__type": "com.amazonaws.dynamodb.v20120810#…", "message": …}`. */
  toWire(): Record<string, unknown> {
    return { __type: `com.amazonaws.dynamodb.v20120810#${this.type}`, message: this.message, ...this.extra };
  }
}

export function validationError(message: string): DynamoDBError {
  return new DynamoDBError('ValidationException', message);
}

/** `One or more parameter values were invalid: …`, DynamoDB's prefix for bad values. */
export function invalidParameterValue(detail: string): DynamoDBError {
  return validationError(`One or more parameter values were invalid: ${detail}`);
}

/** Item and batch operations on an unknown table. */
export function resourceNotFound(message = 'Requested resource not found'): DynamoDBError {
  return new DynamoDBError('ResourceNotFoundException', message);
}

export function tableNotFound(tableName: string): DynamoDBError {
  return resourceNotFound(`Requested resource not found: Table: ${tableName} not found`);
}

export function resourceInUse(message: string): DynamoDBError {
  return new DynamoDBError('ResourceInUseException', message);
}

export function conditionalCheckFailed(item?: Item): DynamoDBError {
  return new DynamoDBError(
    'ConditionalCheckFailedException',
    'The conditional request failed',
    400,
    item ? { Item: item } : {},
  );
}

export function serializationError(message: string): DynamoDBError {
  return new DynamoDBError('SerializationException', message);
}

export function internalServerError(message = 'Internal server error'): DynamoDBError {
  return new DynamoDBError('InternalServerError', message, 500);
}

export function keyDoesNotMatchSchema(): DynamoDBError {
  return validationError('The provided key element does not match the schema');
}
