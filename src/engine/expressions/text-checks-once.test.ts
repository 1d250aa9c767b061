import { describe, expect, it } from 'vitest';
import type { AttributeValue } from '../values/attribute-value.js';
import { applyUpdate } from './apply-update.js';
import { ExpressionAttributes } from './expression-attributes.js';
import { PreparedExpressions } from './prepared-expressions.js';
import { actionsInEvaluationOrder } from './update-evaluation-order.js';
import { validationMessage } from './validation-message.test-support.js';

/*
 * The checks that depend on an expression's text alone (structure, operator count) run
 * once per text; names and values are still resolved and checked on every call, and a
 * text that fails keeps failing.
 */

const attributes = (names?: Record<string, string>, values?: Record<string, AttributeValue>) =>
  new ExpressionAttributes(names, values);

/** An engine's prepared expressions: the texts below are parsed and text-checked once, then known. */
const expressions = new PreparedExpressions();
const parseUpdate = (text: string, given: ExpressionAttributes) => expressions.update(text, given);
const parseCondition = (text: string, given: ExpressionAttributes, kind: 'ConditionExpression' | 'FilterExpression') =>
  expressions.condition(text, given, kind);

describe('checks of an expression text run once, the rest on every call', () => {
  it('resolves the names of a known UpdateExpression text on each call', () => {
    const text = 'SET #a = :v, #b = #b + :v';
    const values = { ':v': { N: '1' } };
    expect(() => parseUpdate(text, attributes({ '#a': 'a', '#b': 'b' }, values))).not.toThrow();
    expect(validationMessage(() => parseUpdate(text, attributes({ '#a': 'a' }, values)))).toBe(
      'Invalid UpdateExpression: An expression attribute name used in the document path is not defined; attribute name: #b',
    );
    expect(validationMessage(() => parseUpdate(text, attributes({ '#a': 'a', '#b': 'a' }, values)))).toMatch(
      /Two document paths overlap with each other/,
    );
    expect(
      validationMessage(() => parseUpdate(text, attributes({ '#a': 'a', '#b': 'b' }, { ':v': { S: 'x' } }))),
    ).toMatch(/Incorrect operand type for operator or function; operator or function: \+, operand type: S/);
    const update = parseUpdate(text, attributes({ '#a': 'x', '#b': 'y' }, values));
    expect(update.actions.map((action) => action.path)).toEqual([['x'], ['y']]);
  });

  it('checks the values of a known ConditionExpression text on each call', () => {
    const text = 'attribute_exists(pk) AND #s IN (:a, :b) AND size(#s) < :n';
    const names = { '#s': 'status' };
    const valid = { ':a': { S: 'x' }, ':b': { S: 'y' }, ':n': { N: '3' } };
    expect(() => parseCondition(text, attributes(names, valid), 'ConditionExpression')).not.toThrow();
    expect(
      validationMessage(() =>
        parseCondition(text, attributes(names, { ':a': { S: 'x' }, ':n': { N: '3' } }), 'ConditionExpression'),
      ),
    ).toBe(
      'Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :b',
    );
    expect(() => parseCondition(text, attributes({ '#s': 'pk' }, valid), 'ConditionExpression')).not.toThrow();
  });

  it('keeps rejecting a text that fails a text-only check', () => {
    const tooMany = Array.from({ length: 151 }, (_, index) => `a${index} = :v`).join(' AND ');
    const values = { ':v': { N: '1' } };
    for (let call = 0; call < 3; call++) {
      expect(
        validationMessage(() => parseCondition(tooMany, attributes(undefined, values), 'ConditionExpression')),
      ).toBe('Invalid ConditionExpression: The expression contains too many operators; operator count: 301');
      expect(
        validationMessage(() => parseUpdate('SET a = :v REMOVE b SET c = :v', attributes(undefined, values))),
      ).toBe('Invalid UpdateExpression: The "SET" section can only be used once in an update expression;');
      expect(() => parseCondition('attribute_exists(size)', attributes(), 'FilterExpression')).not.toThrow();
      expect(
        validationMessage(() =>
          parseCondition('attribute_exists(#a.date)', attributes({ '#a': 'a' }), 'ConditionExpression'),
        ),
      ).toBe('Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: date');
    }
  });

  it('gives an update of a known text its own evaluation order, the same each time', () => {
    const update = parseUpdate('SET a = :v, b = :v, c.d = :v', attributes(undefined, { ':v': { N: '1' } }));
    const first = actionsInEvaluationOrder(update.actions);
    expect(actionsInEvaluationOrder(update.actions)).toEqual(first);
    expect(first).toHaveLength(update.actions.length);
    expect(new Set(first)).toEqual(new Set(update.actions));
    expect(expressions.size).toBeGreaterThan(0);
    const result = applyUpdate(update, { pk: { S: 'k' }, c: { M: {} } }, ['pk']);
    expect(result.item).toEqual({ pk: { S: 'k' }, a: { N: '1' }, b: { N: '1' }, c: { M: { d: { N: '1' } } } });
    expect(result.updatedPaths).toEqual([['a'], ['b'], ['c', 'd']]);
  });
});
