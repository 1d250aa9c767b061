import { describe, expect, it } from 'vitest';
import { evaluateCondition } from './evaluate-condition.js';
import { ExpressionAttributes } from './expression-attributes.js';
import { parseConditionExpression } from './parse-condition-expression.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';

const item: Item = {
  pk: { S: 'c' },
  n: { N: '5' },
  neg: { N: '-2.5' },
  s: { S: 'hello world' },
  e: { S: '' },
  ss: { SS: ['red', 'green'] },
  ns: { NS: ['1', '2', '3'] },
  bs: { BS: ['AQ==', 'Ag=='] },
  l: { L: [{ S: 'a' }, { N: '2' }, { M: { x: { N: '1' } } }] },
  m: { M: { x: { M: { y: { S: 'deep' } } }, n: { N: '1' }, 'a.b': { S: 'dotted' } } },
  t: { BOOL: true },
  nul: { NULL: true },
  bin: { B: 'AQID' },
  emoji: { S: 'é😀' },
};

function holds(text: string, values?: Record<string, AttributeValue>, target: Item | 'no item' = item): boolean {
  const node = parseConditionExpression(text, new ExpressionAttributes(undefined, values), 'ConditionExpression');
  return evaluateCondition(node, target === 'no item' ? undefined : target);
}

describe('evaluateCondition', () => {
  it('checks existence of top-level, nested and list-element paths', () => {
    expect(holds('attribute_exists(n)')).toBe(true);
    expect(holds('attribute_exists(nope)')).toBe(false);
    expect(holds('attribute_exists(m.x.y)')).toBe(true);
    expect(holds('attribute_exists(m.x.z)')).toBe(false);
    expect(holds('attribute_exists(l[2].x)')).toBe(true);
    expect(holds('attribute_exists(l[5])')).toBe(false);
    expect(holds('attribute_exists(pk)', undefined, 'no item')).toBe(false);
    expect(holds('attribute_not_exists(v)', undefined, 'no item')).toBe(true);
  });

  it('compares numbers numerically and different types as false', () => {
    const v = (N: string) => ({ ':a': { N }, ':b': { N: '5' } });
    expect(holds('n BETWEEN :a AND :b', v('1'))).toBe(true);
    expect(holds('n BETWEEN :a AND :b', v('5'))).toBe(true);
    expect(holds('n BETWEEN :a AND :b', { ':a': { S: '1' }, ':b': { S: '9' } })).toBe(false);
    expect(holds('n = :a', { ':a': { N: '5.0' } })).toBe(true);
    expect(holds('n < :a', { ':a': { S: 'x' } })).toBe(false);
    expect(holds('neg < :a', { ':a': { N: '-1' } })).toBe(true);
  });

  it('treats a missing attribute as unequal and unordered', () => {
    const values = { ':v': { N: '1' } };
    expect(holds('nope = :v', values)).toBe(false);
    expect(holds('nope <> :v', values)).toBe(true);
    expect(holds('nope < :v', values)).toBe(false);
    expect(holds('v <> :v', values, 'no item')).toBe(true);
  });

  it('supports contains, begins_with, attribute_type, size and IN', () => {
    expect(holds('contains(s, :v)', { ':v': { S: 'lo w' } })).toBe(true);
    expect(holds('contains(ss, :v)', { ':v': { S: 'red' } })).toBe(true);
    expect(holds('contains(ns, :v)', { ':v': { N: '3.0' } })).toBe(true);
    expect(holds('contains(l, :v)', { ':v': { N: '2' } })).toBe(true);
    expect(holds('contains(n, :v)', { ':v': { N: '5' } })).toBe(false);
    expect(holds('contains(m, :v)', { ':v': { S: 'n' } })).toBe(false);
    expect(holds('begins_with(s, :v)', { ':v': { S: 'hell' } })).toBe(true);
    expect(holds('begins_with(bin, :v)', { ':v': { B: 'AQ==' } })).toBe(true);
    expect(holds('begins_with(pk, :v)', { ':v': { S: 'x' } })).toBe(false);
    expect(holds('attribute_type(ss, :t)', { ':t': { S: 'SS' } })).toBe(true);
    expect(holds('attribute_type(n, :t)', { ':t': { S: 'S' } })).toBe(false);
    expect(holds('size(emoji) = :v', { ':v': { N: '3' } })).toBe(true);
    expect(holds('size(bin) = :v', { ':v': { N: '3' } })).toBe(true);
    expect(holds('size(m) = :v', { ':v': { N: '3' } })).toBe(true);
    expect(holds('size(n) = :v', { ':v': { N: '1' } })).toBe(false);
    expect(holds('n IN (:a, :b)', { ':a': { N: '4' }, ':b': { N: '5' } })).toBe(true);
  });

  it('attribute_type tests the type of a value or size() operand, not only of a path', () => {
    expect(holds('attribute_type(:v, :t)', { ':v': { S: 'x' }, ':t': { S: 'S' } })).toBe(true);
    expect(holds('attribute_type(:v, :t)', { ':v': { S: 'x' }, ':t': { S: 'N' } })).toBe(false);
    expect(holds('attribute_type(size(s), :t)', { ':t': { S: 'N' } })).toBe(true);
    expect(holds('attribute_type(size(nope), :t)', { ':t': { S: 'N' } })).toBe(false);
  });

  it('applies NOT > AND > OR precedence', () => {
    const values = { ':one': { N: '10' }, ':blue': { S: 'blue' } };
    expect(holds('(attribute_exists(s) AND (n > :one OR (NOT contains(ss, :blue))))', values)).toBe(true);
    expect(holds('NOT NOT attribute_exists(s)')).toBe(true);
    expect(holds('attribute_exists(nope) AND attribute_exists(nope) OR attribute_exists(n)')).toBe(true);
    expect(holds('NOT attribute_exists(n) OR attribute_exists(s)')).toBe(true);
    expect(holds('NOT (attribute_exists(n) OR attribute_exists(s))')).toBe(false);
  });
});
