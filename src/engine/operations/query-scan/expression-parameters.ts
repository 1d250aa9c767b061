import { validationError } from '../../errors.js';
import { checkExpressionParameters, type ExpressionMembers } from '../shared/expression-parameters.js';

/** Which request members are expressions and which are their legacy counterparts, in DynamoDB's order. */
interface ParameterFamilies {
  readonly expressions: readonly string[];
  readonly legacy: readonly string[];
}

const families: Record<'Query' | 'Scan', ParameterFamilies> = {
  Query: {
    expressions: ['ProjectionExpression', 'FilterExpression', 'KeyConditionExpression'],
    legacy: ['AttributesToGet', 'QueryFilter', 'ConditionalOperator', 'KeyConditions'],
  },
  Scan: {
    expressions: ['ProjectionExpression', 'FilterExpression'],
    legacy: ['AttributesToGet', 'ScanFilter', 'ConditionalOperator'],
  },
};

/**
 * Rejects a Query or Scan that mixes expression parameters with legacy ones, or sends
 * `ExpressionAttributeNames`/`Values` without an expression that could use them.
 * `KeyConditions` alone may accompany a FilterExpression or a ProjectionExpression:
 * DynamoDB only objects to it beside a KeyConditionExpression.
 */
export function checkReadExpressionParameters(input: ExpressionMembers, operation: 'Query' | 'Scan'): void {
  const { expressions, legacy } = families[operation];
  const mixable =
    input.KeyConditionExpression === undefined ? legacy.filter((member) => member !== 'KeyConditions') : legacy;
  checkExpressionParameters(input, expressions, mixable);
  const filterMember = operation === 'Query' ? 'QueryFilter' : 'ScanFilter';
  // ConditionalOperator only combines the conditions of a legacy filter.
  if (input.ConditionalOperator !== undefined) {
    const filter = input[filterMember];
    if (filter === undefined) throw validationError('ConditionalOperator cannot be used without Filter or Expected');
    if (Object.keys(filter as object).length < 2) {
      throw validationError('ConditionalOperator can only be used when Filter or Expected has two or more elements');
    }
  }
}
