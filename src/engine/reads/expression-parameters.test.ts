import { describe, expect, it } from 'vitest';
import { checkReadExpressionParameters } from './read-plan.js';

describe('checkReadExpressionParameters', () => {
  it('rejects expressions mixed with legacy parameters, listing both in DynamoDB’s order', () => {
    expect(() =>
      checkReadExpressionParameters({ ScanFilter: {}, FilterExpression: 'a = :a', AttributesToGet: ['a'] }, 'Scan'),
    ).toThrow(
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet, ScanFilter} Expression parameters: {FilterExpression}',
    );
    expect(() =>
      checkReadExpressionParameters(
        {
          KeyConditionExpression: 'pk = :p',
          ConditionalOperator: 'OR',
          FilterExpression: 'a = :p',
          ProjectionExpression: 'a',
        },
        'Query',
      ),
    ).toThrow(
      'Non-expression parameters: {ConditionalOperator} Expression parameters: {ProjectionExpression, FilterExpression, KeyConditionExpression}',
    );
    expect(() =>
      checkReadExpressionParameters({ KeyConditionExpression: 'pk = :p', KeyConditions: {} }, 'Query'),
    ).toThrow('Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}');
  });

  it('lets KeyConditions accompany a filter or projection expression', () => {
    expect(() =>
      checkReadExpressionParameters(
        { KeyConditions: {}, FilterExpression: 'a = :a', ProjectionExpression: 'a' },
        'Query',
      ),
    ).not.toThrow();
  });

  it('rejects names and values that no expression could use', () => {
    expect(() => checkReadExpressionParameters({ ExpressionAttributeNames: { '#a': 'a' } }, 'Scan')).toThrow(
      'ExpressionAttributeNames can only be specified when using expressions',
    );
    expect(() => checkReadExpressionParameters({ ExpressionAttributeValues: {} }, 'Scan')).toThrow(
      'ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null',
    );
    expect(() =>
      checkReadExpressionParameters(
        { KeyConditions: {}, ExpressionAttributeValues: {}, ProjectionExpression: 'a' },
        'Query',
      ),
    ).toThrow(
      'ExpressionAttributeValues can only be specified when using expressions: FilterExpression and KeyConditionExpression are null',
    );
  });

  it('rejects ConditionalOperator without a legacy filter', () => {
    expect(() => checkReadExpressionParameters({ KeyConditions: {}, ConditionalOperator: 'OR' }, 'Query')).toThrow(
      'ConditionalOperator cannot be used without Filter or Expected',
    );
    expect(() =>
      checkReadExpressionParameters({ KeyConditions: {}, ConditionalOperator: 'OR', QueryFilter: { a: {} } }, 'Query'),
    ).toThrow('ConditionalOperator can only be used when Filter or Expected has two or more elements');
    expect(() =>
      checkReadExpressionParameters(
        { KeyConditions: {}, ConditionalOperator: 'OR', QueryFilter: { a: {}, b: {} } },
        'Query',
      ),
    ).not.toThrow();
  });
});
