import { describe, expect, it } from 'vitest';
import { checkExpressionAttributeMaps } from './expression-attribute-maps.js';
import { validationMessage } from './validation-message.test-support.js';

const long = (prefix: string, length: number) => prefix + 'x'.repeat(length - 1);

describe('checkExpressionAttributeMaps', () => {
  it('rejects #name and :value keys longer than 255 characters, names with their size', () => {
    expect(() =>
      checkExpressionAttributeMaps({ [long('#', 255)]: 'a' }, { [long(':', 255)]: { S: 'v' } }),
    ).not.toThrow();
    expect(validationMessage(() => checkExpressionAttributeMaps({ [long('#', 256)]: 'a' }, undefined))).toBe(
      'ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too long; size of key: 256',
    );
    expect(validationMessage(() => checkExpressionAttributeMaps(undefined, { [long(':', 300)]: { S: 'v' } }))).toBe(
      'ExpressionAttributeValues contains invalid key: The expression attribute map contains a key that is too long;',
    );
  });

  it('checks each key for length before syntax, every key before any name', () => {
    expect(validationMessage(() => checkExpressionAttributeMaps({ [long('#-', 300)]: 'a' }, undefined))).toMatch(
      /too long; size of key: 301$/,
    );
    expect(validationMessage(() => checkExpressionAttributeMaps({ '#-': 'b', [long('#', 300)]: 'a' }, undefined))).toBe(
      'ExpressionAttributeNames contains invalid key: Syntax error; key: "#-"',
    );
    expect(validationMessage(() => checkExpressionAttributeMaps({ '#a': '' }, { ':-': { S: 'v' } }))).toBe(
      'ExpressionAttributeValues contains invalid key: Syntax error; key: ":-"',
    );
  });

  it('rejects attribute names of 64 KB or more', () => {
    expect(validationMessage(() => checkExpressionAttributeMaps({ '#a': 'x'.repeat(65536) }, undefined))).toBe(
      'ExpressionAttributeNames contains invalid value: Attribute name is too large, must be less than 65536 bytes for key #a',
    );
    expect(() => checkExpressionAttributeMaps({ '#a': 'x'.repeat(65535) }, undefined)).not.toThrow();
  });
});
