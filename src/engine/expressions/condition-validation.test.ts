import { describe, expect, it } from 'vitest';
import { ExpressionAttributes } from './expression-attributes.js';
import { parseConditionExpression } from './parse-condition-expression.js';
import { validationMessage } from './validation-message.test-support.js';

const values = {
  ':v': { S: 'x' },
  ':n': { N: '1' },
  ':s': { SS: ['a'] },
  ':l': { L: [] },
  ':b': { B: 'AQ==' },
  ':bo': { BOOL: true },
  ':t': { S: 'STRING' },
  ':five': { N: '5' },
};
const message = (text: string, names?: Record<string, string>) =>
  validationMessage(() =>
    parseConditionExpression(text, new ExpressionAttributes(names, values), 'ConditionExpression'),
  );
const prefix = 'Invalid ConditionExpression: ';

describe('condition expressions are checked in DynamoDB order with its messages', () => {
  it.each([
    ['((((n = :five))))', 'The expression has redundant parentheses;'],
    ['((a = :v)) AND foo(a)', 'The expression has redundant parentheses;'],
    ['ATTRIBUTE_EXISTS(n)', 'Invalid function name; function: ATTRIBUTE_EXISTS'],
    ['exists(n)', 'Invalid function name; function: exists'],
    ['foo(a) AND name = :v', 'Invalid function name; function: foo'],
    ['size(s)', 'The function is not allowed to be used this way in an expression; function: size'],
    ['NOT size(a)', 'The function is not allowed to be used this way in an expression; function: size'],
    [
      'attribute_exists(a) = :v',
      'The function is not allowed to be used this way in an expression; function: attribute_exists',
    ],
    ['name = #x', 'Attribute name is a reserved keyword; reserved keyword: name'],
    ['attribute_not_exists(blob)', 'Attribute name is a reserved keyword; reserved keyword: blob'],
    [
      'begins_with(a, :n) AND a = #x',
      'Incorrect operand type for operator or function; operator or function: begins_with, operand type: N',
    ],
    [
      'a = #x AND begins_with(a, :n)',
      'An expression attribute name used in the document path is not defined; attribute name: #x',
    ],
    [
      'a = :undefined AND #undef = :v',
      'An expression attribute value used in expression is not defined; attribute value: :undefined',
    ],
    [
      'contains(a)',
      'Incorrect number of operands for operator or function; operator or function: contains, number of operands: 1',
    ],
    [
      'a = a AND contains(a)',
      'The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]',
    ],
    [
      'lo BETWEEN lo AND hi',
      'The first operand must be distinct from the remaining operands for this operator or function; operator: BETWEEN, first operand: [lo]',
    ],
    [
      'a[0] = a[0]',
      'The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a, [0]]',
    ],
    [
      'a IN (a)',
      'The first operand must be distinct from the remaining operands for this operator or function; operator: IN, first operand: [a]',
    ],
    [
      'a BETWEEN :n AND :v',
      'The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:x}',
    ],
    [
      'a BETWEEN :five AND :n',
      'The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}',
    ],
    [
      'a BETWEEN :s AND :s',
      'Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: SS',
    ],
    ['attribute_exists(:v)', 'Operator or function requires a document path; operator or function: attribute_exists'],
    ['size(:n) > :v', 'Incorrect operand type for operator or function; operator or function: size, operand type: N'],
    [
      'size(:bo) > :n',
      'Incorrect operand type for operator or function; operator or function: size, operand type: BOOL',
    ],
    [
      'size(size(a)) > :n',
      'Incorrect operand type for operator or function; operator or function: size, operand type: N',
    ],
    [
      'size(a, b) > :n',
      'Incorrect number of operands for operator or function; operator or function: size, number of operands: 2',
    ],
    [
      'attribute_type(s, :t)',
      'Invalid attribute type name found; type: STRING, valid types: {N,BS,L,B,NULL,M,S,SS,NS,BOOL}',
    ],
    [
      'attribute_type(s, :n)',
      'Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N',
    ],
    [
      'begins_with(s, :s)',
      'Incorrect operand type for operator or function; operator or function: begins_with, operand type: SS',
    ],
    ['a < :s', 'Incorrect operand type for operator or function; operator or function: <, operand type: SS'],
    ['a < :l', 'Incorrect operand type for operator or function; operator or function: <, operand type: L'],
    [
      'attribute_not_exists(#x)',
      'An expression attribute name used in the document path is not defined; attribute name: #x',
    ],
    ['a[2147483648] = :v', 'List index is not within the allowable range; index: [2147483648]'],
    [`a${'.b'.repeat(32)} = :v`, 'The document path has too many nesting levels; nesting levels: 33'],
    ['foo(a) AND ((a = :v))', 'The expression has redundant parentheses;'],
    ['name = :v AND foo(a)', 'Attribute name is a reserved keyword; reserved keyword: name'],
    [
      'attribute_exists(a) = :v AND name = :v',
      'The function is not allowed to be used this way in an expression; function: attribute_exists',
    ],
    [
      'attribute_exists(name) = :v',
      'The function is not allowed to be used this way in an expression; function: attribute_exists',
    ],
    ['size(a) AND foo(a)', 'The function is not allowed to be used this way in an expression; function: size'],
    ['foo(attribute_exists(a))', 'Invalid function name; function: foo'],
    ['a[99999999999] = :v AND foo(a)', 'List index is not within the allowable range; index: [99999999999]'],
    ['name.a[99999999999] = :v', 'Attribute name is a reserved keyword; reserved keyword: name'],
    ['if_not_exists(a, :v) = :v', 'The function is not allowed in a condition expression; function: if_not_exists'],
    ['list_append(a, :v)', 'The function is not allowed in a condition expression; function: list_append'],
    [
      `a IN (${Array.from({ length: 101 }, () => ':v').join(', ')})`,
      'The IN operator is provided with too many operands; number of operands: 101',
    ],
  ])('%s', (text, expected) => {
    expect(message(text)).toBe(prefix + expected);
  });

  it('accepts what DynamoDB accepts', () => {
    const accepted = [
      '(attribute_exists(s) AND (n > :five OR (NOT contains(ss, :v))))',
      'NOT NOT attribute_exists(s)',
      '(a) = :v',
      'a. b = :v',
      'a [1] = :v',
      'size = :v',
      'SIZE = :v',
      'a between :v and :v',
      'size(a) BETWEEN size(b) AND :n',
      'a IN (:s, :l)',
      'a[2147483647] = :v',
      '(attribute_exists(a))',
    ];
    for (const text of accepted) {
      expect(() =>
        parseConditionExpression(text, new ExpressionAttributes(undefined, values), 'ConditionExpression'),
      ).not.toThrow();
    }
  });

  it('names the request member in FilterExpression messages', () => {
    expect(
      validationMessage(() =>
        parseConditionExpression('name = :v', new ExpressionAttributes(undefined, values), 'FilterExpression'),
      ),
    ).toBe('Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: name');
  });
});
