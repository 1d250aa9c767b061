import { describe, expect, it } from 'vitest';
import { failedConditionItem, isConditionalCheckFailed } from './condition-failure.js';

describe('the item returned with a failed condition', () => {
  it('keeps an integer beyond Number.MAX_SAFE_INTEGER exact, as a bigint', () => {
    const item = failedConditionItem({
      Item: { big: { N: '12345678901234567891' }, negative: { N: '-9007199254740993' } },
    });
    expect(item).toEqual({ big: 12345678901234567891n, negative: -9007199254740993n });
  });

  it('reads numbers within the safe range as numbers, decimals included', () => {
    expect(
      failedConditionItem({ Item: { version: { N: '7' }, edge: { N: '9007199254740991' }, ratio: { N: '-0.25' } } }),
    ).toEqual({
      version: 7,
      edge: Number.MAX_SAFE_INTEGER,
      ratio: -0.25,
    });
  });

  it('leaves a large number that is not an integer as its attribute value instead of rounding it', () => {
    expect(failedConditionItem({ Item: { huge: { N: '1.5E+40' } } })).toEqual({ huge: { N: '1.5E+40' } });
  });

  it('unmarshals strings, booleans and nulls, and leaves maps, lists and sets as attribute values', () => {
    const item = failedConditionItem({
      Item: {
        status: { S: 'running' },
        done: { BOOL: false },
        gone: { NULL: true },
        tags: { SS: ['a'] },
        meta: { M: { a: { S: 'b' } } },
      },
    });
    expect(item).toEqual({
      status: 'running',
      done: false,
      gone: null,
      tags: { SS: ['a'] },
      meta: { M: { a: { S: 'b' } } },
    });
  });

  it('is undefined when the error carries no item or an empty one', () => {
    expect(failedConditionItem({})).toBeUndefined();
    expect(failedConditionItem({ Item: {} })).toBeUndefined();
  });

  it('recognises ConditionalCheckFailedException by name, and nothing else', () => {
    const failed = Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
    });
    expect(isConditionalCheckFailed(failed)).toBe(true);
    expect(isConditionalCheckFailed(Object.assign(new Error('x'), { name: 'TransactionCanceledException' }))).toBe(
      false,
    );
    expect(isConditionalCheckFailed({ name: 'ConditionalCheckFailedException' })).toBe(false);
  });
});
