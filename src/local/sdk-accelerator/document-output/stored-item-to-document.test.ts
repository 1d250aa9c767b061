import { unmarshall } from '@aws-sdk/util-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StoredItem } from '../../../engine/storage/stored-item.js';
import { expectIdentical } from '../fast-wire/expect-identical.test-support.js';
import { readStoredItemWithBinaries as readItemWithBinaries } from '../fast-wire/stored-item-to-output.js';
import { readStoredItemAsDocument as readItemAsDocument } from './stored-item-to-document.js';

// The reader must give what the SDK's reader followed by lib-dynamodb's unmarshalling of
// each attribute (`processAllKeysInObj` with `unmarshall`) gives, for every stored item.

const decode = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));

/** The readers, on a row of this text (from `start` on, as storage hands rows over). */
const readStoredItemAsDocument = (text: string, decodeBinary: typeof decode, start = 0) =>
  readItemAsDocument(new StoredItem(text, 0, start), decodeBinary);
const readStoredItemWithBinaries = (text: string, decodeBinary: typeof decode) =>
  readItemWithBinaries(new StoredItem(text, 0), decodeBinary);

function sdkDocument(text: string): Record<string, unknown> {
  const sdkItem = readStoredItemWithBinaries(text, decode)!;
  return Object.entries(sdkItem).reduce<Record<string, unknown>>((accumulator, [key, value]) => {
    const converted = unmarshall(value as never, { convertWithoutMapWrapper: true });
    if (converted !== undefined && typeof converted !== 'function') accumulator[key] = converted;
    return accumulator;
  }, {});
}

/** What the caller observes: the value, or the error the SDK's conversion throws. */
function outcome(read: () => unknown): unknown {
  try {
    return { value: read() };
  } catch (error) {
    return { error: String(error) };
  }
}

const attributeName = fc.oneof(
  fc.constantFrom('a', '0', '1', '10', 'toString', 'constructor', '', 'é', 'pk'),
  fc.string({ maxLength: 5 }),
);
const numberText = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.constantFrom(
    '9007199254740991',
    '9007199254740992',
    '-9007199254740993',
    '1E+30',
    '12345678901234567890123456789012345678',
    '1.5E+20',
    '0.1',
    '-0',
  ),
);
const attributeValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 12 }).map((S) => ({ S })),
    numberText.map((N) => ({ N })),
    fc.uint8Array({ maxLength: 6 }).map((bytes) => ({ B: Buffer.from(bytes).toString('base64') })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true }),
    fc.array(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
    fc.array(numberText, { minLength: 1, maxLength: 3 }).map((NS) => ({ NS })),
    fc
      .array(fc.uint8Array({ maxLength: 4 }), { minLength: 1, maxLength: 3 })
      .map((sets) => ({ BS: sets.map((bytes) => Buffer.from(bytes).toString('base64')) })),
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(attributeName, tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
  ),
})).value;
const item = fc.dictionary(attributeName, attributeValue, { maxKeys: 6 });

describe('readStoredItemAsDocument', () => {
  it('gives what the SDK reader and lib-dynamodb unmarshalling give, errors included', () => {
    fc.assert(
      fc.property(item, (value) => {
        const text = JSON.stringify(value);
        const expected = outcome(() => sdkDocument(text));
        const actual = outcome(() => readStoredItemAsDocument(text, decode) ?? sdkDocument(text));
        expectIdentical(actual, expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads an item that starts further into its text, as storage hands rows over', () => {
    fc.assert(
      fc.property(item, (value) => {
        const text = JSON.stringify(value);
        expectIdentical(
          outcome(() => readStoredItemAsDocument(`312${text}`, decode, 3)),
          outcome(() => readStoredItemAsDocument(text, decode)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('reads plain items itself, as numbers, sets, binaries and nested values', () => {
    const text = JSON.stringify({
      pk: { S: 'USER#1' },
      n: { N: '1.5' },
      big: { N: '12345678901234567890' },
      tags: { SS: ['a', 'b'] },
      scores: { NS: ['1', '2'] },
      bytes: { B: 'AAE=' },
      nested: { M: { list: { L: [{ NULL: true }, { BOOL: false }] } } },
    });
    const document = readStoredItemAsDocument(text, decode);
    expect(document).toEqual({
      pk: 'USER#1',
      n: 1.5,
      big: 12345678901234567890n,
      tags: new Set(['a', 'b']),
      scores: new Set([1, 2]),
      bytes: new Uint8Array([0, 1]),
      nested: { list: [null, false] },
    });
  });

  it('leaves items with a member named __proto__, at any depth, to the usual path', () => {
    expect(readStoredItemAsDocument('{"__proto__":{"S":"x"}}', decode)).toBeUndefined();
    expect(readStoredItemAsDocument('{"a":{"M":{"__proto__":{"M":{}}}}}', decode)).toBeUndefined();
  });

  it('leaves text with escapes to the usual path', () => {
    expect(readStoredItemAsDocument('{"a":{"S":"quote \\" inside"}}', decode)).toBeUndefined();
  });
});
