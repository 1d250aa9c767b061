import { describe, expect, it } from 'vitest';
import { ExpressionAttributes } from './expression-attributes.js';
import { parseKeyConditionExpression, type KeySchemaAttributes } from './key-condition.js';
import { validationMessage } from './validation-message.test-support.js';
import type { AttributeValue } from '../values/attribute-value.js';

const keys: KeySchemaAttributes = { partitionKeys: [{ name: 'pk', type: 'S' }], sortKeys: [{ name: 'sk', type: 'N' }] };
const values: Record<string, AttributeValue> = {
  ':p': { S: 'x' },
  ':n': { N: '1' },
  ':m': { N: '5' },
  ':s': { S: 'a' },
};

function parse(text: string, names?: Record<string, string>, schema = keys) {
  return parseKeyConditionExpression(text, new ExpressionAttributes(names, values), schema);
}
const message = (text: string, names?: Record<string, string>) => validationMessage(() => parse(text, names));

describe('parseKeyConditionExpression', () => {
  it('resolves partition and sort conditions, either operand order', () => {
    expect(parse('pk = :p')).toEqual({ partitionValues: [{ S: 'x' }] });
    expect(parse(':p = pk AND :n < sk')).toEqual({
      partitionValues: [{ S: 'x' }],
      sortCondition: { operator: '>', values: [{ N: '1' }] },
    });
    expect(parse('sk BETWEEN :n AND :m AND pk = :p')).toEqual({
      partitionValues: [{ S: 'x' }],
      sortCondition: { operator: 'BETWEEN', values: [{ N: '1' }, { N: '5' }] },
    });
    expect(parse('(pk = :p) AND (#s >= :n)', { '#s': 'sk' }).sortCondition).toEqual({
      operator: '>=',
      values: [{ N: '1' }],
    });
    const stringKeys: KeySchemaAttributes = {
      partitionKeys: [{ name: 'pk', type: 'S' }],
      sortKeys: [{ name: 'sk', type: 'S' }],
    };
    expect(parse('pk = :p AND begins_with(sk, :s)', undefined, stringKeys).sortCondition).toEqual({
      operator: 'BEGINS_WITH',
      values: [{ S: 'a' }],
    });
  });

  it.each([
    ['sk = :n', 'Query condition missed key schema element: pk'],
    ['pk = :p AND sk = :n AND sk = :m', 'KeyConditionExpressions must only contain one condition per key'],
    ['pk = :p AND pk = :p', 'KeyConditionExpressions must only contain one condition per key'],
    ['pk = :p OR sk = :n', 'Invalid operator used in KeyConditionExpression: OR'],
    ['NOT pk = :p', 'Invalid operator used in KeyConditionExpression: NOT'],
    ['pk <> :p', 'Invalid operator used in KeyConditionExpression: <>'],
    ['pk IN (:p)', 'Invalid operator used in KeyConditionExpression: IN'],
    ['attribute_exists(pk)', 'Invalid operator used in KeyConditionExpression: attribute_exists'],
    ['pk = :p AND contains(sk, :n)', 'Invalid operator used in KeyConditionExpression: contains'],
    ['pk = :p AND size(sk) = :n', 'KeyConditionExpressions cannot contain nested operations'],
    ['pk < :p', 'Query key condition not supported'],
    ['begins_with(pk, :p)', 'Query key condition not supported'],
    ['pk = :n', 'One or more parameter values were invalid: Condition parameter type does not match schema type'],
    [
      'pk = :p AND sk = :s',
      'One or more parameter values were invalid: Condition parameter type does not match schema type',
    ],
    [
      'pk = :p AND sk = pk',
      'Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition',
    ],
    [':p = :p', 'Invalid condition in KeyConditionExpression: No key attribute specified'],
    [
      'pk.x = :p',
      "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk",
    ],
    [
      'pk = :p AND sk[0] = :n',
      "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: sk",
    ],
    [
      'pk = :p AND begins_with(:s, sk)',
      'Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand',
    ],
    [
      'pk = :p AND :n BETWEEN sk AND :m',
      'Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand',
    ],
    ['pk = :p AND sk = :n AND #o = :n', 'Conditions can be of length 1 or 2 only'],
    [
      'pk = :p AND sk BETWEEN :m AND :n',
      'Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}',
    ],
    [
      'pk = :p AND begins_with(sk)',
      'Invalid KeyConditionExpression: Incorrect number of operands for operator or function; operator or function: begins_with, number of operands: 1',
    ],
    ['pk = :p AND', 'Invalid KeyConditionExpression: Syntax error; token: "<EOF>", near: "AND"'],
    ['', 'Invalid KeyConditionExpression: The expression can not be empty;'],
    [
      '#p = :p',
      'Invalid KeyConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #p',
    ],
  ])('%s', (text, expected) => {
    expect(message(text, text.includes('#o') ? { '#o': 'other' } : undefined)).toBe(expected);
  });

  it('names the index key that is missing', () => {
    const indexKeys: KeySchemaAttributes = {
      partitionKeys: [{ name: 'gpk', type: 'S' }],
      sortKeys: [{ name: 'gsk', type: 'N' }],
    };
    expect(validationMessage(() => parse('pk = :p', undefined, indexKeys))).toBe(
      'Query condition missed key schema element: gpk',
    );
  });
});
