import { describe, expect, it } from 'vitest';
import {
  betweenBoundsReversed,
  DynamoDBError,
  indexKeyTypeMismatch,
  invalidExpression,
  itemKeyTypeMismatch,
  keyDoesNotMatchSchema,
  missingItemKey,
  substitutionsWithoutExpression,
  unusedExpressionAttributes,
  validationError,
} from './errors.js';

describe('DynamoDBError reasons', () => {
  it('each factory the engine branches on sets its reason beside DynamoDB’s message', () => {
    const cases: [DynamoDBError, DynamoDBError['reason'], string][] = [
      [keyDoesNotMatchSchema(), 'key-schema-mismatch', 'The provided key element does not match the schema'],
      [
        missingItemKey('pk'),
        'item-key-missing',
        'One or more parameter values were invalid: Missing the key pk in the item',
      ],
      [
        itemKeyTypeMismatch('pk', 'S', 'N'),
        'item-key-type-mismatch',
        'One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N',
      ],
      [
        indexKeyTypeMismatch('gpk', 'S', 'N', 'byStatus'),
        'index-key-type-mismatch',
        'One or more parameter values were invalid: Type mismatch for Index Key gpk Expected: S Actual: N IndexName: byStatus',
      ],
      [
        indexKeyTypeMismatch('gpk', 'S', 'SS', 'byStatus'),
        'index-key-not-scalar',
        'One or more parameter values were invalid: Type mismatch for Index Key gpk Expected: S Actual: SS IndexName: byStatus',
      ],
      [
        invalidExpression('UpdateExpression', 'The expression can not be empty;'),
        'invalid-expression',
        'Invalid UpdateExpression: The expression can not be empty;',
      ],
      [
        betweenBoundsReversed(
          'KeyConditionExpression',
          'lower bound operand: AttributeValue: {N:2}, upper bound operand: AttributeValue: {N:1}',
        ),
        'between-bounds-reversed',
        'Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:2}, upper bound operand: AttributeValue: {N:1}',
      ],
      [
        unusedExpressionAttributes('ExpressionAttributeNames', ['#a', '#b']),
        'unused-expression-attributes',
        'Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}',
      ],
      [
        substitutionsWithoutExpression('ExpressionAttributeNames'),
        'substitutions-without-expression',
        'ExpressionAttributeNames can only be specified when using expressions',
      ],
      [
        substitutionsWithoutExpression(
          'ExpressionAttributeValues',
          'UpdateExpression and ConditionExpression are null',
        ),
        'substitutions-without-expression',
        'ExpressionAttributeValues can only be specified when using expressions: UpdateExpression and ConditionExpression are null',
      ],
      [validationError('Limit must be positive'), 'invalid-request', 'Limit must be positive'],
    ];
    for (const [error, reason, message] of cases) {
      expect({ type: error.type, reason: error.reason, message: error.message }).toEqual({
        type: 'ValidationException',
        reason,
        message,
      });
    }
  });

  it('keeps the reason off the wire', () => {
    expect(keyDoesNotMatchSchema().toWire()).toEqual({
      __type: 'com.amazonaws.dynamodb.v20120810#ValidationException',
      message: 'The provided key element does not match the schema',
    });
  });

  it('marks an error made with the constructor alone as unclassified', () => {
    expect(
      new DynamoDBError('ExpiredIteratorException', 'The provided iterator exceeds the maximum age allowed.').reason,
    ).toBe('unclassified');
  });
});
