import { describe, expect, it } from 'vitest';
import { applyUpdate } from './apply-update.js';
import { evaluateCondition } from './evaluate-condition.js';
import { conditionFromExpected, conditionFromFilter, keyConditionFromKeyConditions } from './legacy-conditions.js';
import { projectionFromAttributesToGet, updateFromAttributeUpdates } from './legacy-updates.js';
import { projectItem } from './projection.js';
import { validationMessage } from './validation-message.test-support.js';
import type { Item } from '../values/attribute-value.js';

const item: Item = { pk: { S: 'u' }, n: { N: '10' }, s: { S: 'str' }, ss: { SS: ['x', 'y'] }, l: { L: [{ S: 'a' }] } };

describe('legacy parameters become the same ASTs', () => {
  it('Expected: Exists, Value and ComparisonOperator, joined by ConditionalOperator', () => {
    const check = (expected: Parameters<typeof conditionFromExpected>[0], operator?: string) =>
      evaluateCondition(conditionFromExpected(expected, operator)!, item);
    expect(check({ pk: { Exists: false } })).toBe(false);
    expect(check({ nope: { Exists: false } })).toBe(true);
    expect(check({ n: { Value: { N: '10' } } })).toBe(true);
    expect(check({ n: { ComparisonOperator: 'GT', AttributeValueList: [{ N: '11' }] } })).toBe(false);
    expect(
      check(
        { n: { ComparisonOperator: 'GT', AttributeValueList: [{ N: '11' }] }, s: { ComparisonOperator: 'NOT_NULL' } },
        'OR',
      ),
    ).toBe(true);
    expect(check({ ss: { ComparisonOperator: 'CONTAINS', AttributeValueList: [{ S: 'x' }] } })).toBe(true);
    expect(check({ nope: { ComparisonOperator: 'NE', AttributeValueList: [{ S: 'x' }] } })).toBe(true);
  });

  it('Expected: DynamoDB messages for inconsistent entries', () => {
    expect(validationMessage(() => conditionFromExpected({ a: { Exists: true } }))).toBe(
      'One or more parameter values were invalid: Value must be provided when Exists is true for Attribute: a',
    );
    expect(validationMessage(() => conditionFromExpected({ a: { Exists: false, Value: { S: 'x' } } }))).toBe(
      'One or more parameter values were invalid: Value cannot be used when Exists is false for Attribute: a',
    );
    expect(validationMessage(() => conditionFromExpected({ a: { ComparisonOperator: 'EQ' } }))).toBe(
      'One or more parameter values were invalid: Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a',
    );
    expect(
      validationMessage(() => conditionFromFilter({ a: { ComparisonOperator: 'EQ', AttributeValueList: [] } })),
    ).toBe('One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator');
    expect(
      validationMessage(() =>
        conditionFromFilter({ a: { ComparisonOperator: 'GT', AttributeValueList: [{ SS: ['x'] }] } }),
      ),
    ).toBe('One or more parameter values were invalid: ComparisonOperator GT is not valid for SS AttributeValue type');
  });

  it('ConditionalOperator needs two or more Expected entries, checked after the entries themselves', () => {
    expect(validationMessage(() => conditionFromExpected({ a: { Exists: false } }, 'AND'))).toBe(
      'ConditionalOperator can only be used when Filter or Expected has two or more elements',
    );
    expect(validationMessage(() => conditionFromExpected({}, 'OR'))).toBe(
      'ConditionalOperator cannot be used without Filter or Expected',
    );
    expect(validationMessage(() => conditionFromExpected(undefined, 'OR'))).toBe(
      'ConditionalOperator cannot be used without Filter or Expected',
    );
    expect(validationMessage(() => conditionFromExpected({ a: { Exists: true } }, 'AND'))).toBe(
      'One or more parameter values were invalid: Value must be provided when Exists is true for Attribute: a',
    );
  });

  it('CONTAINS and NOT_CONTAINS refuse lists and maps; NOT_CONTAINS fails on a missing attribute', () => {
    expect(
      validationMessage(() =>
        conditionFromFilter({ l: { ComparisonOperator: 'CONTAINS', AttributeValueList: [{ L: [] }] } }),
      ),
    ).toBe(
      'One or more parameter values were invalid: ComparisonOperator CONTAINS is not valid for L AttributeValue type',
    );
    expect(
      validationMessage(() =>
        conditionFromExpected({ l: { ComparisonOperator: 'NOT_CONTAINS', AttributeValueList: [{ M: {} }] } }),
      ),
    ).toBe(
      'One or more parameter values were invalid: ComparisonOperator NOT_CONTAINS is not valid for M AttributeValue type',
    );
    const notContains = (name: string) =>
      evaluateCondition(
        conditionFromFilter({ [name]: { ComparisonOperator: 'NOT_CONTAINS', AttributeValueList: [{ S: 'q' }] } })!,
        item,
      );
    expect(notContains('nope')).toBe(false);
    expect(notContains('ss')).toBe(true);
  });

  it('ScanFilter and KeyConditions', () => {
    const filter = conditionFromFilter({
      n: { ComparisonOperator: 'BETWEEN', AttributeValueList: [{ N: '1' }, { N: '10' }] },
    })!;
    expect(evaluateCondition(filter, item)).toBe(true);
    const keys = {
      partitionKeys: [{ name: 'pk', type: 'S' as const }],
      sortKeys: [{ name: 'sk', type: 'N' as const }],
    };
    expect(
      keyConditionFromKeyConditions(
        {
          pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'p' }] },
          sk: { ComparisonOperator: 'BETWEEN', AttributeValueList: [{ N: '2' }, { N: '4' }] },
        },
        keys,
      ),
    ).toEqual({
      partitionValues: [{ S: 'p' }],
      sortCondition: { operator: 'BETWEEN', values: [{ N: '2' }, { N: '4' }] },
    });
    expect(
      validationMessage(() =>
        keyConditionFromKeyConditions({ sk: { ComparisonOperator: 'EQ', AttributeValueList: [{ N: '1' }] } }, keys),
      ),
    ).toBe('Query condition missed key schema element: pk');
  });

  it('AttributeUpdates: PUT, ADD, DELETE with and without a value', () => {
    const update = updateFromAttributeUpdates({
      s: { Action: 'PUT', Value: { S: 'put' } },
      n: { Action: 'ADD', Value: { N: '1' } },
      ss: { Action: 'DELETE', Value: { SS: ['x'] } },
      l: { Action: 'DELETE' },
    });
    expect(applyUpdate(update, item, ['pk']).item).toEqual({
      pk: { S: 'u' },
      n: { N: '11' },
      s: { S: 'put' },
      ss: { SS: ['y'] },
    });
    const append = updateFromAttributeUpdates({ l: { Action: 'ADD', Value: { L: [{ S: 'b' }] } } });
    expect(applyUpdate(append, item, ['pk']).item.l).toEqual({ L: [{ S: 'a' }, { S: 'b' }] });
    const mismatch = updateFromAttributeUpdates({ s: { Action: 'ADD', Value: { N: '1' } } });
    expect(validationMessage(() => applyUpdate(mismatch, item, ['pk']))).toBe('Type mismatch for attribute to update');
    expect(validationMessage(() => updateFromAttributeUpdates({ s: { Action: 'PUT' } }))).toBe(
      'One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified',
    );
  });

  it('AttributesToGet', () => {
    expect(projectItem(item, projectionFromAttributesToGet(['s', 'n', 'nope']))).toEqual({
      s: { S: 'str' },
      n: { N: '10' },
    });
    expect(validationMessage(() => projectionFromAttributesToGet(['a', 'a']))).toBe(
      'One or more parameter values were invalid: Duplicate value in attribute name: a',
    );
  });
});
