import { unmarshall } from '@aws-sdk/util-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainImage } from '../../src/repository/stream-image.js';

const number = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => String(value)),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);
const bytes = fc.uint8Array({ maxLength: 8 });

/** GetRecords' attribute values: every DynamoDB type, nested. */
const attributeValue: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string().map((S) => ({ S })),
    number.map((N) => ({ N })),
    bytes.map((B) => ({ B })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true }),
    fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
    fc.uniqueArray(fc.integer().map(String), { minLength: 1, maxLength: 3 }).map((NS) => ({ NS })),
    fc.array(bytes, { minLength: 1, maxLength: 3 }).map((BS) => ({ BS })),
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc
      .dictionary(
        fc.string({ minLength: 1, maxLength: 4 }).filter((key) => key !== '__proto__'),
        tie('value'),
        { maxKeys: 3 },
      )
      .map((M) => ({ M })),
  ),
})).value;
const image = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 6 }).filter((key) => key !== '__proto__'),
  attributeValue,
  { maxKeys: 5 },
);

/** The same image as Lambda's events carry it: binaries as base64 text. */
function asLambdaImage(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(asLambdaImage);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, asLambdaImage(member)]));
  return value;
}

describe('plainImage', () => {
  it('reads GetRecords images exactly as util-dynamodb unmarshalls them (or refuses them alike), and Lambda images (base64) the same', () => {
    fc.assert(
      fc.property(image, (wire) => {
        const outcome = (read: () => unknown) => {
          try {
            return { value: read() };
          } catch (error) {
            return { error: (error as Error).message };
          }
        };
        const expected = outcome(() => unmarshall(wire as never));
        expect(outcome(() => plainImage(wire))).toEqual(expected);
        expect(outcome(() => plainImage(asLambdaImage(wire) as Record<string, unknown>))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('gives integers beyond the safe range as BigInts', () => {
    expect(plainImage({ n: { N: '123456789012345678901234567890' } })).toEqual({ n: 123456789012345678901234567890n });
  });
});
