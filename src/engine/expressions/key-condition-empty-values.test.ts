import { describe, expect, it } from 'vitest';
import { keyConditionFromTerms } from './key-condition.js';
import { validationMessage } from './validation-message.test-support.js';

const keys = { partitionKeys: [{ name: 'pk', type: 'S' as const }], sortKeys: [{ name: 'sk', type: 'B' as const }] };
const empty = (what: string, key: string) =>
  `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty ${what} value. Key: ${key}`;

// Answers recorded from DynamoDB Local 1.25.1.
describe('a key condition rejects empty key values', () => {
  it('in the partition key value', () => {
    expect(
      validationMessage(() => keyConditionFromTerms([{ attribute: 'pk', operator: '=', values: [{ S: '' }] }], keys)),
    ).toBe(empty('string', 'pk'));
  });

  it('in any bound of the sort key condition, begins_with included', () => {
    for (const term of [
      { attribute: 'sk', operator: '<' as const, values: [{ B: '' }] },
      { attribute: 'sk', operator: 'BEGINS_WITH' as const, values: [{ B: '' }] },
      { attribute: 'sk', operator: 'BETWEEN' as const, values: [{ B: '' }, { B: 'AQ==' }] },
    ]) {
      expect(
        validationMessage(() =>
          keyConditionFromTerms([{ attribute: 'pk', operator: '=', values: [{ S: 'a' }] }, term], keys),
        ),
      ).toBe(empty('binary', 'sk'));
    }
  });
});
