import type { AttributeValue } from './attribute-value.js';
import { compareBinaries } from './compare-values.js';
import { compareNumbers } from './numbers.js';

function sameElements(a: readonly string[], b: readonly string[], equal: (x: string, y: string) => boolean): boolean {
  if (a.length !== b.length) return false;
  // Sets never hold duplicates, so "every element of a is in b" plus equal sizes is equality.
  return a.every((element) => b.some((candidate) => equal(element, candidate)));
}

const stringsEqual = (x: string, y: string): boolean => x === y;
const numbersEqual = (x: string, y: string): boolean => compareNumbers(x, y) === 0;
const binariesEqual = (x: string, y: string): boolean => compareBinaries(x, y) === 0;

/**
 * DynamoDB equality of two values: same type and same content, deeply; sets regardless
 * of element order; numbers numerically (`1.0` equals `1`); lists in order; maps by key.
 */
export function valuesEqual(a: AttributeValue, b: AttributeValue): boolean {
  if ('S' in a) return 'S' in b && a.S === b.S;
  if ('N' in a) return 'N' in b && numbersEqual(a.N, b.N);
  if ('B' in a) return 'B' in b && binariesEqual(a.B, b.B);
  if ('BOOL' in a) return 'BOOL' in b && a.BOOL === b.BOOL;
  if ('NULL' in a) return 'NULL' in b;
  if ('SS' in a) return 'SS' in b && sameElements(a.SS, b.SS, stringsEqual);
  if ('NS' in a) return 'NS' in b && sameElements(a.NS, b.NS, numbersEqual);
  if ('BS' in a) return 'BS' in b && sameElements(a.BS, b.BS, binariesEqual);
  if ('L' in a) {
    return 'L' in b && a.L.length === b.L.length && a.L.every((element, index) => valuesEqual(element, b.L[index]));
  }
  if ('M' in a) {
    if (!('M' in b)) return false;
    const keys = Object.keys(a.M);
    if (keys.length !== Object.keys(b.M).length) return false;
    return keys.every((key) => Object.hasOwn(b.M, key) && valuesEqual(a.M[key], b.M[key]));
  }
  return false;
}
