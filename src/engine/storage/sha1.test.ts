import * as crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttributeValue } from '../values/attribute-value.js';
import { keyValueHash, numberHashBytes, stringKeyHashPrefix, tableKeyHash } from './key-hash.js';
import { sha1OfScratch, sha1PrefixOfScratch, sha1Scratch } from './sha1.js';

/* The stored hashes are part of the file format: the JavaScript SHA-1 must give node:crypto's bits. */

const nodeSha1 = (...parts: (string | Uint8Array)[]): Buffer => {
  const hash = crypto.createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

const jsSha1 = (bytes: Uint8Array): Buffer => {
  sha1Scratch(bytes.length).set(bytes);
  return sha1OfScratch(bytes.length);
};

describe('sha1', () => {
  it('gives node:crypto’s digest for every length across block and padding boundaries', () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = crypto.randomBytes(length);
      expect(jsSha1(bytes).toString('hex')).toBe(nodeSha1(bytes).toString('hex'));
    }
  });

  it('gives node:crypto’s digest for any bytes, also after a longer message grew the scratch buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (bytes) => {
        expect(jsSha1(bytes)).toEqual(nodeSha1(bytes));
        sha1Scratch(bytes.length).set(bytes);
        expect(sha1PrefixOfScratch(bytes.length)).toBe(nodeSha1(bytes).readUInt32BE(0));
      }),
      { numRuns: 500 },
    );
  });

  it('hashes key values as salted node:crypto SHA-1 of their bytes, lone surrogates and long texts too', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 100 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((unit) => String.fromCharCode(unit)) }),
      fc.string({ minLength: 1000, maxLength: 3000 }),
    );
    fc.assert(
      fc.property(text, (value) => {
        const reference = nodeSha1('LocalDdb', value);
        expect(keyValueHash({ S: value })).toEqual(reference);
        expect(stringKeyHashPrefix(value)).toBe(reference.readUInt32BE(0));
      }),
      { numRuns: 1000 },
    );
  });

  it('hashes numbers, binaries and whole keys as node:crypto does', () => {
    const keyValue: fc.Arbitrary<AttributeValue> = fc.oneof(
      fc.string({ maxLength: 30 }).map((value) => ({ S: value })),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => ({ N: String(value) })),
      fc.uint8Array({ maxLength: 100 }).map((bytes) => ({ B: Buffer.from(bytes).toString('base64') })),
    );
    const reference = (value: AttributeValue): Buffer =>
      'S' in value
        ? nodeSha1('LocalDdb', value.S)
        : 'N' in value
          ? nodeSha1('LocalDdb', numberHashBytes(value.N))
          : nodeSha1('LocalDdb', Buffer.from((value as { B: string }).B, 'base64'));
    fc.assert(
      fc.property(keyValue, keyValue, (partition, sort) => {
        expect(keyValueHash(partition)).toEqual(reference(partition));
        expect(tableKeyHash(partition, sort)).toEqual(nodeSha1('LocalDdb', reference(partition), reference(sort)));
        expect(tableKeyHash(partition, undefined)).toEqual(reference(partition));
      }),
      { numRuns: 1000 },
    );
  });
});
