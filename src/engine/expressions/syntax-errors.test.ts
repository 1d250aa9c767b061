import { describe, expect, it } from 'vitest';
import { ExpressionAttributes } from './expression-attributes.js';
import { parseConditionExpression } from './parse-condition-expression.js';
import { parseProjectionExpression } from './projection.js';
import { parseUpdateExpression } from './parse-update-expression.js';
import { validationMessage } from './validation-message.test-support.js';

const values = { ':v': { S: 'x' }, ':w': { S: 'y' }, ':a': { N: '1' } };
const condition = (text: string) =>
  validationMessage(() =>
    parseConditionExpression(text, new ExpressionAttributes(undefined, values), 'ConditionExpression'),
  );
const update = (text: string) =>
  validationMessage(() => parseUpdateExpression(text, new ExpressionAttributes(undefined, values)));

describe('syntax errors name the offending token and the text around it', () => {
  it.each([
    ['SET a :a', ':a', 'a :a'],
    ['SET', '<EOF>', 'SET'],
    ['UPSERT a = :a', 'UPSERT', 'UPSERT a'],
    ['SET a = :a,', '<EOF>', ','],
    ['ADD a', '<EOF>', 'a'],
    ['SET = :v', '=', 'SET = :v'],
    ['SET a = b c d', 'c', 'b c d'],
    ['SET a$ = b', '$', 'a$ ='],
    ['SET 1a = b', '1', 'SET 1a'],
    ['SET _a = b', '_', 'SET _a'],
    ['SET a.1 = b', '1', '.1 ='],
    ['SET a[x] = b', 'x', '[x]'],
    ['SET a[-1] = b', '-', '[-1'],
    ['SET a = b, , c = d', ',', ', , c'],
    ['SET a = "str"', '"', '= "str'],
    ['SET a = b + + c', '+', '+ + c'],
    ['REMOVE a[1.5]', '.', '1.5'],
    ['SET a=b REMOVE', '<EOF>', 'REMOVE'],
    ['SET : = b', ':', 'SET : ='],
    ['SET a = b + c + d', '+', 'c + d'],
    ['SET a = b + (c + d)', '+', 'c + d'],
    ['SET a = if_not_exists(a + b, c)', '+', 'a + b'],
    ['SET in = :v', 'in', 'SET in ='],
    ['REMOVE not', 'not', 'REMOVE not'],
    ['ADD a b', 'b', 'a b'],
    ['SET éa = b', 'é', 'SET éa'],
  ])('UpdateExpression %j', (text, token, near) => {
    expect(update(text)).toBe(`Invalid UpdateExpression: Syntax error; token: "${token}", near: "${near}"`);
  });

  it.each([
    ['a = :v AND', '<EOF>', 'AND'],
    ['a BETWEEN :v', '<EOF>', ':v'],
    ['a BETWEEN :v OR :w', 'OR', ':v OR :w'],
    ['a IN ()', ')', '()'],
    ['a IN (:v,)', ')', ',)'],
    ['a IN :v', ':v', 'IN :v'],
    ['(a = :v', '<EOF>', ':v'],
    ['a = :v)', ')', ':v)'],
    ['NOT', '<EOF>', 'NOT'],
    ['size(a) >', '<EOF>', '>'],
    ['attribute_exists(a', '<EOF>', 'a'],
    ['a.b(:v)', '(', 'b(:v'],
    ['a = :v = :w', '=', ':v = :w'],
    ['a', '<EOF>', 'a'],
    [':v', '<EOF>', ':v'],
    ['  ', '<EOF>', '  '],
    ['a == :v', '=', '== :v'],
    ['a != :v', '!', 'a !='],
    ['a = :v AND OR b = :w', 'OR', 'AND OR b'],
    ['contains a', 'a', 'contains a'],
    ['a < b < c', '<', 'b < c'],
    ['a.[1] = :v', '[', '.[1'],
    ['#', '#', '#'],
    [' = :v', '=', ' = :v'],
    ['a\t=\t:v\t:w', ':w', ':v\t:w'],
    ['a\n=:v\n:w  ', ':w', ':v\n:w  '],
    ['a\f= :v', '\f', 'a\f='],
    ['a = 12', '12', '= 12'],
    ['a[01] = :v', '1', '01]'],
    ['a = :v-1', '-', ':v-1'],
    ['set = :v', 'set', 'set ='],
    ['a.and = :v', 'and', '.and ='],
    ['a = 😀', '\uD83D', '= 😀'],
  ])('ConditionExpression %j', (text, token, near) => {
    expect(condition(text)).toBe(`Invalid ConditionExpression: Syntax error; token: "${token}", near: "${near}"`);
  });

  it('ProjectionExpression rejects dashes and values', () => {
    const attributes = () => new ExpressionAttributes(undefined, { ':v': { S: 'x' } });
    expect(validationMessage(() => parseProjectionExpression('a-b', attributes()))).toBe(
      'Invalid ProjectionExpression: Syntax error; token: "-", near: "a-b"',
    );
    expect(validationMessage(() => parseProjectionExpression(':v', attributes()))).toBe(
      'Invalid ProjectionExpression: Syntax error; token: ":v", near: ":v"',
    );
  });

  it('an empty expression has its own message', () => {
    expect(condition('')).toBe('Invalid ConditionExpression: The expression can not be empty;');
  });

  it('expressions over 4 KB are rejected before parsing', () => {
    expect(condition(`a = = :v${' '.repeat(4091)}`)).toBe(
      'Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4099',
    );
    expect(update(`SET a=:v${' '.repeat(4093)}`)).toBe(
      'Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;',
    );
  });
});
