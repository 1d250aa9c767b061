import { describe, expect, it } from 'vitest';
import type { AttributeValue } from './attribute-value.js';
import { compareValues } from './compare-values.js';
import { encodeCompositeKey } from './encode-composite-key.js';

/** Element-wise tuple order, each element by DynamoDB's order for its type. */
function compareTuples(a: readonly AttributeValue[], b: readonly AttributeValue[]): number {
  for (let position = 0; position < Math.min(a.length, b.length); position++) {
    const order = compareValues(a[position], b[position]);
    if (order !== 0) return Math.sign(order);
  }
  return Math.sign(a.length - b.length);
}

const strings = ['', 'a', 'a\u0000', 'a\u0000b', 'ab', 'b', '\u00ff', '\u{1f600}', 'z'];
const numbers = ['-100', '-5.5', '-5', '0', '5', '50', '500', '1000', '1E+20'];
const binaries = [[], [0], [0, 0], [0, 1], [0, 255], [1], [255], [255, 0]].map((bytes) =>
  Buffer.from(bytes).toString('base64'),
);

describe('encodeCompositeKey', () => {
  it('orders byte strings as the tuples order, element by element, each by its type', () => {
    const tuples: AttributeValue[][] = [];
    for (const s of strings)
      for (const n of numbers) for (const b of binaries) tuples.push([{ S: s || 'x' }, { N: n }, { B: b || 'AA==' }]);
    for (const s of strings) for (const b of binaries) tuples.push([{ B: b || 'AA==' }, { S: s || 'x' }]);
    const sameShape = (a: AttributeValue[], b: AttributeValue[]) =>
      a.length === b.length && a.every((value, position) => Object.keys(value)[0] === Object.keys(b[position])[0]);
    let compared = 0;
    for (let i = 0; i < tuples.length; i += 7) {
      for (let j = 0; j < tuples.length; j += 5) {
        if (!sameShape(tuples[i], tuples[j])) continue;
        compared++;
        expect(Math.sign(Buffer.compare(encodeCompositeKey(tuples[i]), encodeCompositeKey(tuples[j])))).toBe(
          compareTuples(tuples[i], tuples[j]),
        );
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('sorts a shorter element first even when the longer one continues with a zero byte', () => {
    const short = encodeCompositeKey([{ S: 'a' }, { S: 'z' }]);
    const longer = encodeCompositeKey([{ S: 'a\u0000' }, { S: 'a' }]);
    expect(Buffer.compare(short, longer)).toBe(-1);
  });

  it('encodes a tuple prefix as a byte prefix of the whole', () => {
    const whole = encodeCompositeKey([{ S: 'round' }, { N: '5' }, { B: 'AAE=' }]);
    const prefix = encodeCompositeKey([{ S: 'round' }, { N: '5' }]);
    expect(whole.subarray(0, prefix.length).equals(prefix)).toBe(true);
  });
});
