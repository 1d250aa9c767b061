import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DynamoDBError } from '../errors.js';
import { applyUpdate } from './apply-update.js';
import { evaluateCondition } from './evaluate-condition.js';
import { ExpressionAttributes } from './expression-attributes.js';
import { parseKeyConditionExpression } from './key-condition.js';
import { parseConditionExpression } from './parse-condition-expression.js';
import { parseUpdateExpression } from './parse-update-expression.js';
import { parseProjectionExpression, projectItem } from './projection.js';
import type { Item } from '../values/attribute-value.js';

const names = { '#a': 'a', '#b': 'b.c', '#n': 'name' };
const values = { ':n': { N: '1' }, ':s': { S: 'x' }, ':l': { L: [{ N: '1' }] }, ':ss': { SS: ['x'] }, ':m': { M: {} } };
const item: Item = {
  pk: { S: 'k' },
  a: { N: '1' },
  l: { L: [{ S: 'x' }, { M: { a: { N: '2' } } }] },
  m: { M: { a: { SS: ['x'] } } },
};

/** Runs every parser (and evaluator) on `text`: only ValidationExceptions may escape. */
function exercise(text: string): void {
  const attempts: (() => unknown)[] = [
    () =>
      evaluateCondition(
        parseConditionExpression(text, new ExpressionAttributes(names, values), 'ConditionExpression'),
        item,
      ),
    () => applyUpdate(parseUpdateExpression(text, new ExpressionAttributes(names, values)), item, ['pk']),
    () => projectItem(item, parseProjectionExpression(text, new ExpressionAttributes(names, values))),
    () =>
      parseKeyConditionExpression(text, new ExpressionAttributes(names, values), {
        partitionKeys: [{ name: 'pk', type: 'S' }],
        sortKeys: [{ name: 'a', type: 'N' }],
      }),
  ];
  for (const attempt of attempts) {
    try {
      attempt();
    } catch (error) {
      if (!(error instanceof DynamoDBError) || error.type !== 'ValidationException') throw error;
    }
  }
}

const fragments = [
  'a',
  'b',
  'l',
  'm',
  'pk',
  'name',
  '#a',
  '#b',
  '#x',
  ':n',
  ':s',
  ':l',
  ':ss',
  ':m',
  ':zz',
  '[0]',
  '[1]',
  '[99]',
  '.',
  ',',
  '(',
  ')',
  '=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  '+',
  '-',
  'AND',
  'OR',
  'NOT',
  'BETWEEN',
  'IN',
  'SET',
  'REMOVE',
  'ADD',
  'DELETE',
  'size',
  'contains',
  'begins_with',
  'attribute_exists',
  'attribute_not_exists',
  'attribute_type',
  'if_not_exists',
  'list_append',
  ' ',
  '\t',
  '$',
  '😀',
  '0',
  '12',
];

describe('any input ends in a result or a ValidationException', () => {
  it('random strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'binary' }), (text) => exercise(text)),
      { numRuns: 500 },
    );
  });

  it('token soups close to the grammar', () => {
    const soup = fc.array(fc.constantFrom(...fragments), { maxLength: 40 }).map((parts) => parts.join(' '));
    fc.assert(
      fc.property(soup, (text) => exercise(text)),
      { numRuns: 2000 },
    );
  });

  it('deep nesting stays fast and does not overflow', () => {
    const started = Date.now();
    for (const text of [
      '('.repeat(4096),
      `${'('.repeat(2040)}a = :n${')'.repeat(2040)}`,
      'NOT '.repeat(1024),
      `a${'[0]'.repeat(1300)} = :n`,
    ]) {
      exercise(text);
    }
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
