import * as crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestHash } from './request-hash.js';
import { referenceStableJson } from './reference-stable-json.test-support.js';

const reference = (value: unknown) => crypto.createHash('sha256').update(referenceStableJson(value)).digest('hex');

const withUndefinedMembers = fc.dictionary(
  fc.string({ maxLength: 3 }),
  fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
);

describe('requestHash', () => {
  it('hashes the canonical JSON of the actions as it always did', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.anything({ maxDepth: 4 }), withUndefinedMembers)), (value) => {
        expect(requestHash(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on the order of members', () => {
    const items = [{ Put: { TableName: 't', Item: { b: { S: 'x' }, a: { N: '1' } } } }];
    expect(requestHash(items)).toBe(requestHash([{ Put: { Item: { a: { N: '1' }, b: { S: 'x' } }, TableName: 't' } }]));
    expect(requestHash(items)).toBe(reference(items));
  });
});
