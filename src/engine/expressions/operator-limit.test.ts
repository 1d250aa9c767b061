import { describe, expect, it } from 'vitest';
import { ExpressionAttributes } from './expression-attributes.js';
import { parseConditionExpression } from './parse-condition-expression.js';
import { parseUpdateExpression } from './parse-update-expression.js';
import { validationMessage } from './validation-message.test-support.js';

const comparisons = (count: number) => Array.from({ length: count }, (_, index) => `a${index} = :v`).join(' AND ');
const condition = (text: string) =>
  parseConditionExpression(text, new ExpressionAttributes(undefined, { ':v': { N: '1' } }), 'ConditionExpression');

describe('at most 300 operators per expression, reported as 301', () => {
  it('counts comparisons, AND/OR/NOT, BETWEEN, IN and functions in conditions', () => {
    expect(() => condition(comparisons(150))).not.toThrow(); // 150 comparisons + 149 ANDs
    const tooMany = 'Invalid ConditionExpression: The expression contains too many operators; operator count: 301';
    expect(validationMessage(() => condition(comparisons(151)))).toBe(tooMany);
    expect(validationMessage(() => condition(comparisons(200)))).toBe(tooMany);
    expect(validationMessage(() => condition(`${'NOT '.repeat(300)}attribute_exists(a)`))).toBe(tooMany);
    expect(() => condition(`${'NOT '.repeat(299)}attribute_exists(a)`)).not.toThrow();
    const sizes = Array.from({ length: 101 }, (_, index) => `size(a${index}) = :v`).join(' AND ');
    expect(validationMessage(() => condition(sizes))).toBe(tooMany);
  });

  it('checks the count only after everything else in a condition', () => {
    expect(validationMessage(() => condition(`${comparisons(151)} AND q = q`))).toMatch(
      /first operand must be distinct/,
    );
  });

  it('stops counting at 301 in an update too', () => {
    const update = `SET ${Array.from({ length: 350 }, (_, index) => `a${index}=:v+:v`).join(',')}`;
    expect(
      validationMessage(() => parseUpdateExpression(update, new ExpressionAttributes(undefined, { ':v': { N: '1' } }))),
    ).toBe('Invalid UpdateExpression: The expression contains too many operators; operator count: 301');
  });
});
