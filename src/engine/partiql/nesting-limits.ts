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
 * A document path (`a.b[0]`) has at most 32 levels, its name and each step counting one.
 * Past them DynamoDB answers {@link pathTooDeep} for the first such path in the statement,
 * once it has parsed and after the literals' check, before any table is looked up
 * (DynamoDB Local 1.25.1 and 3.3.1; in WHERE, projections, SET and REMOVE alike).
 */
export const DEEPEST_PATH_LEVEL = 32;

export function pathTooDeep(levels: number): DynamoDBError {
  return validationError(`The document path has too many nesting levels; nesting levels: ${levels}`);
}

/**
 * The answer to a literal nested past {@link DEEPEST_LITERAL_LEVEL}; without the item
 * wording of the attribute-value check (values/value-errors.ts), as DynamoDB words it.
 */
export function literalTooDeep(): DynamoDBError {
  return validationError('Nesting Levels have exceeded supported limits');
}
