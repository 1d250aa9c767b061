import { compareNumbers } from './numbers.js';

/**
 * The order in which the engine keeps and returns set elements.
 *
 * DynamoDB defines no order for SS, NS and BS, but DynamoDB Local returns them sorted, and
 * test suites written against it (ElectroDB's, onetable's) compare sets as arrays. Keeping
 * the same order costs users nothing and lets those suites pass unchanged. Measured on
 * DynamoDB Local 1.25.1 and 3.3.1, on PutItem and after UpdateItem's ADD and DELETE:
 *
 * - SS: by UTF-16 code units (Java's `String.compareTo`, JavaScript's `<`), which is *not*
 *   the UTF-8 byte order DynamoDB uses for S keys (U+10000… comes before U+E000…U+FFFF);
 * - NS: numerically, elements in their canonical form;
 * - BS: by unsigned bytes, shorter prefix first. (3.3.1 returns a BS written whole — by
 *   PutItem, `SET`, or `ADD` to an absent attribute — in signed-byte order, and one that
 *   went through ADD or DELETE by unsigned bytes; 1.25.1 uses unsigned bytes throughout.)
 *
 * Sets are sorted when they enter the engine (item values, expression values) and unions
 * are sorted again, so reads return stored sets as they are.
 */
export type SetType = 'SS' | 'NS' | 'BS';

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Base64 binaries by their unsigned bytes; `decoded` holds each element's bytes. */
function sortBinaries(elements: readonly string[], decoded: readonly Buffer[]): string[] {
  const order = elements.map((_, index) => index);
  order.sort((a, b) => Buffer.compare(decoded[a] as Buffer, decoded[b] as Buffer));
  return order.map((index) => elements[index] as string);
}

function isSorted(elements: readonly string[], compare: (a: string, b: string) => number): boolean {
  for (let index = 1; index < elements.length; index++) {
    if (compare(elements[index - 1] as string, elements[index] as string) > 0) return false;
  }
  return true;
}

/** The comparator of string or number set elements. */
function comparatorOf(type: 'SS' | 'NS'): (a: string, b: string) => number {
  return type === 'SS' ? compareCodeUnits : compareNumbers;
}

/**
 * `elements` (distinct, numbers canonical) in set order; the input array itself when it is
 * already in order, a sorted copy otherwise.
 *
 * @example
 * inSetOrder('NS', ['10', '-1', '2']) // → ['-1', '2', '10']
 */
export function inSetOrder(type: SetType, elements: string[], decodedBinaries?: readonly Buffer[]): string[] {
  if (type === 'BS') {
    const decoded = decodedBinaries ?? elements.map((element) => Buffer.from(element, 'base64'));
    for (let index = 1; index < decoded.length; index++) {
      if (Buffer.compare(decoded[index - 1] as Buffer, decoded[index] as Buffer) > 0)
        return sortBinaries(elements, decoded);
    }
    return elements;
  }
  const compare = comparatorOf(type);
  return isSorted(elements, compare) ? elements : [...elements].sort(compare);
}
