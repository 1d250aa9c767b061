import { describe, expect, it } from 'vitest';
import { applyUpdate } from './apply-update.js';
import { ExpressionAttributes } from './expression-attributes.js';
import { parseUpdateExpression } from './parse-update-expression.js';
import { projectItem } from './projection.js';
import { validationMessage } from './validation-message.test-support.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';

const base: Item = {
  pk: { S: 'u' },
  n: { N: '10' },
  s: { S: 'str' },
  l: { L: [{ S: 'a' }, { S: 'b' }, { S: 'c' }, { S: 'd' }] },
  m: { M: { a: { N: '1' }, child: { M: { b: { N: '2' } } } } },
  ss: { SS: ['x', 'y'] },
  ns: { NS: ['1', '2'] },
  lm: { L: [{ M: { v: { N: '1' } } }, { M: { v: { N: '2' } } }] },
};

function update(
  text: string,
  values?: Record<string, AttributeValue>,
  item: Item = base,
  names?: Record<string, string>,
) {
  return applyUpdate(parseUpdateExpression(text, new ExpressionAttributes(names, values)), item, ['pk']);
}

describe('applyUpdate follows DynamoDB semantics', () => {
  it('adds and subtracts numbers exactly', () => {
    expect(update('SET n = n + :a', { ':a': { N: '5' } }).item.n).toEqual({ N: '15' });
    expect(update('SET f = :x + :y', { ':x': { N: '0.1' }, ':y': { N: '0.2' } }).item.f).toEqual({ N: '0.3' });
    expect(update('SET m.a = m.a + m.child.b').item.m).toEqual({
      M: { a: { N: '3' }, child: { M: { b: { N: '2' } } } },
    });
  });

  it('computes every SET value from the item as it was', () => {
    const { item } = update('SET a = s, s = n, n = a', undefined, {
      pk: { S: 'u' },
      s: { S: 'x' },
      n: { N: '1' },
      a: { N: '9' },
    });
    expect(item).toEqual({ pk: { S: 'u' }, a: { S: 'x' }, s: { N: '1' }, n: { N: '9' } });
  });

  it('appends several indexes past the end of a list in index order, not action order', () => {
    const empty: Item = { pk: { S: 'u' }, l: { L: [] } };
    const values = { ':a': { S: 'a' }, ':b': { S: 'b' }, ':c': { S: 'c' } };
    expect(update('SET l[3] = :a, l[1] = :b, l[0] = :c', values, empty).item.l).toEqual({
      L: [{ S: 'c' }, { S: 'b' }, { S: 'a' }],
    });
    expect(update('SET l[9] = :a, l[4] = :b', values).item.l).toEqual({
      L: [...(base.l as { L: AttributeValue[] }).L, { S: 'b' }, { S: 'a' }],
    });
  });

  it('rejects a path that leads nowhere before it computes any value', () => {
    const invalidPath = 'The document path provided in the update expression is invalid for update';
    expect(validationMessage(() => update('SET x = nope, m.zz.yy = :v', { ':v': { S: 'v' } }))).toBe(invalidPath);
    expect(validationMessage(() => update('SET x = s + :n, m.zz.yy = :n', { ':n': { N: '1' } }))).toBe(invalidPath);
    expect(validationMessage(() => update('ADD s :n, m.zz.yy :n', { ':n': { N: '1' } }))).toBe(invalidPath);
  });

  it('removes list elements by their original index and appends past the end', () => {
    expect(update('REMOVE l[0] SET l[3] = :v', { ':v': { S: 'D' } }).item.l).toEqual({
      L: [{ S: 'b' }, { S: 'c' }, { S: 'D' }],
    });
    expect(update('REMOVE l[0], l[1]').item.l).toEqual({ L: [{ S: 'c' }, { S: 'd' }] });
    expect(update('SET l[10] = :v', { ':v': { S: 'e' } }).item.l).toEqual({
      L: [...(base.l as { L: AttributeValue[] }).L, { S: 'e' }],
    });
    expect(update('SET l[1] = :v, lm[0].v = :w', { ':v': { S: 'B' }, ':w': { N: '100' } }).item.lm).toEqual({
      L: [{ M: { v: { N: '100' } } }, { M: { v: { N: '2' } } }],
    });
    expect(update('REMOVE l[9]').item.l).toEqual(base.l);
  });

  it('sets nested map paths, if_not_exists and list_append', () => {
    const { item } = update('SET m.child.b = if_not_exists(m.child.b, :d), m.child.q = if_not_exists(m.child.q, :d)', {
      ':d': { N: '99' },
    });
    expect(item.m).toEqual({ M: { a: { N: '1' }, child: { M: { b: { N: '2' }, q: { N: '99' } } } } });
    expect(update('SET l = list_append(:x, l)', { ':x': { L: [{ S: '0' }] } }).item.l).toEqual({
      L: [{ S: '0' }, { S: 'a' }, { S: 'b' }, { S: 'c' }, { S: 'd' }],
    });
    expect(update('REMOVE m.child.b, m.a').item.m).toEqual({ M: { child: { M: {} } } });
  });

  it('ADD and DELETE work on numbers and sets', () => {
    expect(update('ADD ss :v', { ':v': { SS: ['y', 'z'] } }).item.ss).toEqual({ SS: ['x', 'y', 'z'] });
    expect(update('ADD ns :v', { ':v': { NS: ['3', '1'] } }).item.ns).toEqual({ NS: ['1', '2', '3'] });
    expect(
      update('ADD cnt :one, tags :t', { ':one': { N: '1' }, ':t': { SS: ['t1'] } }, { pk: { S: 'a' } }).item,
    ).toEqual({
      pk: { S: 'a' },
      cnt: { N: '1' },
      tags: { SS: ['t1'] },
    });
    expect(update('DELETE ss :v', { ':v': { SS: ['x', 'y'] } }).item.ss).toBeUndefined();
    expect(update('DELETE nope :v', { ':v': { SS: ['x'] } }).item).toEqual(base);
  });

  it('reports the paths it updated, for UPDATED_OLD / UPDATED_NEW', () => {
    const result = update('SET m.child.c = :v ADD n :n', { ':v': { S: 'new' }, ':n': { N: '1' } });
    expect(result.updatedPaths).toEqual([['m', 'child', 'c'], ['n']]);
    expect(projectItem(result.item, result.updatedPaths)).toEqual({
      m: { M: { child: { M: { c: { S: 'new' } } } } },
      n: { N: '11' },
    });
  });

  it.each([
    ['DELETE s :v', { ':v': { SS: ['s'] } }, 'An operand in the update expression has an incorrect data type'],
    ['DELETE ss :v', { ':v': { NS: ['1'] } }, 'An operand in the update expression has an incorrect data type'],
    ['ADD s :v', { ':v': { N: '1' } }, 'An operand in the update expression has an incorrect data type'],
    ['SET a = s + :v', { ':v': { N: '1' } }, 'An operand in the update expression has an incorrect data type'],
    ['SET a = list_append(s, l)', undefined, 'An operand in the update expression has an incorrect data type'],
    ['SET s = nope', undefined, 'The provided expression refers to an attribute that does not exist in the item'],
    [
      'SET nope.b = :v',
      { ':v': { S: 'x' } },
      'The document path provided in the update expression is invalid for update',
    ],
    ['SET s.b = :v', { ':v': { S: 'x' } }, 'The document path provided in the update expression is invalid for update'],
    ['REMOVE nope.b', undefined, 'The document path provided in the update expression is invalid for update'],
    [
      'ADD nope.b :v',
      { ':v': { N: '1' } },
      'The document path provided in the update expression is invalid for update',
    ],
    [
      'SET pk = :v',
      { ':v': { S: 'x' } },
      'One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key',
    ],
    [
      'REMOVE pk',
      undefined,
      'One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key',
    ],
  ])('%s fails with DynamoDB message', (text, values, expected) => {
    expect(validationMessage(() => update(text, values as Record<string, AttributeValue> | undefined))).toBe(expected);
  });

  it('does not modify the input item', () => {
    const copy = structuredClone(base);
    update('SET m.a = :v REMOVE l[0] ADD ss :s', { ':v': { S: 'x' }, ':s': { SS: ['q'] } });
    expect(base).toEqual(copy);
  });
});
