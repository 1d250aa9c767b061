import { describe, expect, it } from 'vitest';
import { ExpressionAttributes } from './expression-attributes.js';
import { parseUpdateExpression } from './parse-update-expression.js';
import { validationMessage } from './validation-message.test-support.js';

const values = { ':v': { S: 'x' }, ':n': { N: '1' }, ':s': { SS: ['a'] }, ':l': { L: [] }, ':m': { M: {} } };
const message = (text: string) =>
  validationMessage(() => parseUpdateExpression(text, new ExpressionAttributes(undefined, values)));
const prefix = 'Invalid UpdateExpression: ';

describe('update expressions are checked in DynamoDB order with its messages', () => {
  it.each([
    ['SET a = :a SET b = :b', 'The "SET" section can only be used once in an update expression;'],
    ['REMOVE a REMOVE b', 'The "REMOVE" section can only be used once in an update expression;'],
    ['SET a = :v SET name = :v', 'Attribute name is a reserved keyword; reserved keyword: name'],
    ['SET name = foo(b)', 'Attribute name is a reserved keyword; reserved keyword: name'],
    ['SET a = foo(b) SET c = :v', 'Invalid function name; function: foo'],
    ['SET a = IF_NOT_EXISTS(a, b)', 'Invalid function name; function: IF_NOT_EXISTS'],
    ['SET a = size(b)', 'The function is not allowed in an update expression; function: size'],
    ['SET a = attribute_exists(b)', 'The function is not allowed in an update expression; function: attribute_exists'],
    [
      'SET a = list_append(b, :l) + :n',
      'The function is not allowed to be used this way in an expression; function: list_append',
    ],
    ['SET a = foo(b), name = :v', 'Invalid function name; function: foo'],
    ['SET a = :v SET b = :v REMOVE name', 'The "SET" section can only be used once in an update expression;'],
    ['SET a = :v SET b = foo(c)', 'Invalid function name; function: foo'],
    ['SET a = size(b), c = foo(d)', 'The function is not allowed in an update expression; function: size'],
    [
      'SET a = list_append(name, :v) + :v',
      'The function is not allowed to be used this way in an expression; function: list_append',
    ],
    ['SET a = if_not_exists(size(b), :v)', 'The function is not allowed in an update expression; function: size'],
    ['SET a[99999999999] = :v', 'List index is not within the allowable range; index: [99999999999]'],
    ['SET a = ((:v))', 'The expression has redundant parentheses;'],
    ['SET a = #x, b = :zz', 'An expression attribute value used in expression is not defined; attribute value: :zz'],
    [
      'SET a = :zz, b = #x',
      'An expression attribute name used in the document path is not defined; attribute name: #x',
    ],
    ['SET #x = :v', 'An expression attribute name used in the document path is not defined; attribute name: #x'],
    ['REMOVE #x, #y', 'An expression attribute name used in the document path is not defined; attribute name: #y'],
    ['SET a = :zz + #x', 'An expression attribute value used in expression is not defined; attribute value: :zz'],
    [
      'SET a = :v, a = :v',
      'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]',
    ],
    [
      'SET a = :v, a.b = :v',
      'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]',
    ],
    [
      'SET a.b = :v, a = :v',
      'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]',
    ],
    [
      'SET a.b = :v, a[0] = :v',
      'Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [0]]',
    ],
    [
      'SET a = :v REMOVE a',
      'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]',
    ],
    [
      'SET a = :zz, a = :v',
      'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]',
    ],
    [
      'ADD a :v',
      'Incorrect operand type for operator or function; operator: ADD, operand type: STRING, typeSet: ALLOWED_FOR_ADD_OPERAND',
    ],
    [
      'ADD a :l',
      'Incorrect operand type for operator or function; operator: ADD, operand type: LIST, typeSet: ALLOWED_FOR_ADD_OPERAND',
    ],
    [
      'ADD a :m',
      'Incorrect operand type for operator or function; operator: ADD, operand type: MAP, typeSet: ALLOWED_FOR_ADD_OPERAND',
    ],
    [
      'DELETE a :n',
      'Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER, typeSet: ALLOWED_FOR_DELETE_OPERAND',
    ],
    [
      'DELETE ss :v',
      'Incorrect operand type for operator or function; operator: DELETE, operand type: STRING, typeSet: ALLOWED_FOR_DELETE_OPERAND',
    ],
    [
      'ADD c :zz, d :v',
      'Incorrect operand type for operator or function; operator: ADD, operand type: STRING, typeSet: ALLOWED_FOR_ADD_OPERAND',
    ],
    ['ADD c :v, d :zz', 'An expression attribute value used in expression is not defined; attribute value: :zz'],
    ['SET a = :v + :n', 'Incorrect operand type for operator or function; operator or function: +, operand type: S'],
    ['SET a = :n - :v', 'Incorrect operand type for operator or function; operator or function: -, operand type: S'],
    [
      'SET a = :zz, b = :v + :n',
      'Incorrect operand type for operator or function; operator or function: +, operand type: S',
    ],
    [
      'SET a = list_append(:v, :l)',
      'Incorrect operand type for operator or function; operator or function: list_append, operand type: S',
    ],
    [
      'SET a = list_append(:l, :n)',
      'Incorrect operand type for operator or function; operator or function: list_append, operand type: N',
    ],
    [
      'SET a = if_not_exists(:v, b)',
      'Operator or function requires a document path; operator or function: if_not_exists',
    ],
    [
      'SET a = if_not_exists(b)',
      'Incorrect number of operands for operator or function; operator or function: if_not_exists, number of operands: 1',
    ],
    [
      'SET a = list_append(b)',
      'Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 1',
    ],
    [
      `SET ${Array.from({ length: 301 }, (_, index) => `a${index}=:n+:n`).join(',')}`,
      'The expression contains too many operators; operator count: 301',
    ],
  ])('%s', (text, expected) => {
    expect(message(text)).toBe(prefix + expected);
  });

  it('accepts parenthesised values, nested functions and 300 operators', () => {
    const accepted = [
      'SET a = (:v)',
      'SET a = (b + c)',
      'SET a = if_not_exists(b, :n) + :n',
      'set a = b',
      'SET a = list_append(if_not_exists(a, :l), :l)',
      'REMOVE s ADD n :n SET newattr = :v DELETE ss :s',
      'SET size = :v',
      `SET ${Array.from({ length: 300 }, (_, index) => `a${index}=:n+:n`).join(',')}`,
    ];
    for (const text of accepted) {
      expect(() => parseUpdateExpression(text, new ExpressionAttributes(undefined, values))).not.toThrow();
    }
  });
});
