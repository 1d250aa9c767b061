import * as crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttributeValue } from '../values/attribute-value.js';
import { hashPrefix, keyValueHash, stringKeyHashPrefix, tableKeyHash } from './key-hash.js';
import { SegmentHasher, segmentHash } from './segment-hash.js';

/*
 * The stored hashes are part of the file format: the shortcuts (one-shot hashing of joined
 * buffers, remembering the last partition key's segment) must give the very same bits.
 */

const keyValue: fc.Arbitrary<AttributeValue> = fc.oneof(
  fc.string({ maxLength: 8 }).map((text) => ({ S: text })),
  fc.integer({ min: -1000, max: 1000 }).map((value) => ({ N: String(value) })),
  fc.uint8Array({ maxLength: 6 }).map((bytes) => ({ B: Buffer.from(bytes).toString('base64') })),
);

/** The salted SHA-1 of the hashes of both key values, with a Hash object, as it used to be computed. */
function referenceTableKeyHash(partition: AttributeValue, sort: AttributeValue): Buffer {
  return crypto
    .createHash('sha1')
    .update('LocalDdb')
    .update(keyValueHash(partition))
    .update(keyValueHash(sort))
    .digest();
}

describe('hash shortcuts', () => {
  it('hashes a whole key as a Hash object fed part by part does', () => {
    fc.assert(
      fc.property(keyValue, keyValue, (partition, sort) => {
        expect(tableKeyHash(partition, sort)).toEqual(referenceTableKeyHash(partition, sort));
      }),
    );
  });

  it('gives every partition key its own segment hash, repeated or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<AttributeValue>({ S: 'a' }, { S: 'b' }, { N: '1' }, { S: '1' }), { maxLength: 20 }),
        fc.array(keyValue),
        (repeated, others) => {
          for (const value of [...repeated, ...others, ...repeated])
            expect(segmentHash(value)).toBe(hashPrefix(keyValueHash(value)));
        },
      ),
    );
  });

  it('gives the hash of the key at hand when the last string key is kept, repeated or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<AttributeValue>({ S: 'a' }, { S: 'b' }, { N: '1' }, { S: '1' }), { maxLength: 20 }),
        fc.array(keyValue),
        (repeated, others) => {
          const hasher = new SegmentHasher();
          for (const value of [...repeated, ...others, ...repeated])
            expect(hasher.hash(value)).toBe(hashPrefix(keyValueHash(value)));
        },
      ),
    );
  });
});

describe('stringKeyHashPrefix', () => {
  it('is the first 32 bits of the salted SHA-1 of the string, for any text and length', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ minLength: 40, maxLength: 70 }),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect(stringKeyHashPrefix(value)).toBe(hashPrefix(keyValueHash({ S: value })));
      }),
      { numRuns: 2000 },
    );
  });

  it('handles the lengths where padding spills into a second block', () => {
    for (let length = 0; length < 140; length++) {
      const value = 'k'.repeat(length);
      expect(stringKeyHashPrefix(value)).toBe(hashPrefix(keyValueHash({ S: value })));
    }
  });
});
