import { validationError, type DynamoDBError } from '../errors.js';

/**
 * DynamoDB's limit on a PartiQL literal: a list, map or bag counts one level, the scalar
 * (or `?`) inside the innermost one counts one more, and 32 levels are allowed. An
 * INSERT's item tuple is the item itself and is not counted: `{'d': [[…31 lists…[1]…]]}`
 * passes, one list more does not (DynamoDB Local 1.25.1 and 3.3.1 agree). Checked once the
 * statement has parsed, before any table is looked up.
 */
export const DEEPEST_LITERAL_LEVEL = 32;

/**
 * The answer to a literal nested past {@link DEEPEST_LITERAL_LEVEL}; without the item
 * wording of the attribute-value check (values/value-errors.ts), as DynamoDB words it.
 */
export function literalTooDeep(): DynamoDBError {
  return validationError('Nesting Levels have exceeded supported limits');
}
