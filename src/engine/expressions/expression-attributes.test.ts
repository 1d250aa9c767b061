import { describe, expect, it } from 'vitest';
import { ExpressionAttributes } from './expression-attributes.js';
import { parseConditionExpression } from './parse-condition-expression.js';
import { parseProjectionExpression } from './projection.js';
import { validationMessage } from './validation-message.test-support.js';

describe('ExpressionAttributes', () => {
  it('rejects empty maps', () => {
    expect(validationMessage(() => new ExpressionAttributes({}))).toBe('ExpressionAttributeNames must not be empty');
    expect(validationMessage(() => new ExpressionAttributes(undefined, {}))).toBe(
      'ExpressionAttributeValues must not be empty',
    );
  });

  it('rejects unused names before unused values', () => {
    const attributes = new ExpressionAttributes({ '#x': 'x' }, { ':v': { S: 'v' } });
    parseConditionExpression('attribute_not_exists(pk)', attributes, 'ConditionExpression');
    expect(validationMessage(() => attributes.assertAllUsed())).toBe(
      'Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}',
    );
  });

  it('lists unused keys in the order DynamoDB prints them', () => {
    const names = new ExpressionAttributes({ '#x': 'x', '#y': 'y' });
    parseProjectionExpression('pk', names);
    expect(validationMessage(() => names.assertAllUsed())).toBe(
      'Value provided in ExpressionAttributeNames unused in expressions: keys: {#x, #y}',
    );

    const values = new ExpressionAttributes(undefined, {
      ':v': { S: 'x' },
      ':n': { N: '1' },
      ':s': { SS: ['a'] },
      ':l': { L: [] },
      ':b': { B: 'AQ==' },
      ':bo': { BOOL: true },
      ':nu': { NULL: true },
      ':m': { M: {} },
    });
    parseConditionExpression('a = :v', values, 'ConditionExpression');
    expect(validationMessage(() => values.assertAllUsed())).toBe(
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:nu, :l, :m, :n, :bo, :b, :s}',
    );

    const many = new ExpressionAttributes(
      Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`#k${index}`, `x${index}`])),
    );
    expect(validationMessage(() => many.assertAllUsed())).toBe(
      `Value provided in ExpressionAttributeNames unused in expressions: keys: {${Array.from({ length: 12 }, (_, index) => `#k${index}`).join(', ')}}`,
    );
    const thirteen = new ExpressionAttributes(
      Object.fromEntries(Array.from({ length: 13 }, (_, index) => [`#k${index}`, `x${index}`])),
    );
    expect(validationMessage(() => thirteen.assertAllUsed())).toBe(
      'Value provided in ExpressionAttributeNames unused in expressions: keys: {#k0, #k1, #k2, #k3, #k4, #k5, #k6, #k7, #k8, #k9, #k10, #k12, #k11}',
    );
    const eleven = new ExpressionAttributes(
      Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`#k${index}`, `x${index}`])),
    );
    expect(validationMessage(() => eleven.assertAllUsed())).toBe(
      'Value provided in ExpressionAttributeNames unused in expressions: keys: {#k8, #k9, #k10, #k0, #k1, #k2, #k3, #k4, #k5, #k6, #k7}',
    );
  });
});

describe('ExpressionAttributes keys', () => {
  it('must be #name and :value tokens, names non-empty', () => {
    expect(validationMessage(() => new ExpressionAttributes({ a: 'x' }))).toBe(
      'ExpressionAttributeNames contains invalid key: Syntax error; key: "a"',
    );
    expect(validationMessage(() => new ExpressionAttributes({ '#b-c': 'x' }))).toBe(
      'ExpressionAttributeNames contains invalid key: Syntax error; key: "#b-c"',
    );
    expect(validationMessage(() => new ExpressionAttributes(undefined, { v: { S: 'x' } }))).toBe(
      'ExpressionAttributeValues contains invalid key: Syntax error; key: "v"',
    );
    expect(validationMessage(() => new ExpressionAttributes({ '#a': '' }))).toBe(
      'ExpressionAttributeNames contains invalid value: Empty attribute name for key #a',
    );
  });
});
