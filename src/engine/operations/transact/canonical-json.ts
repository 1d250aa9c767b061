/**
 * JSON with object keys sorted, so that the same request always gives the same text: the
 * text a `ClientRequestToken`'s request hash is taken of (stored, so it must never change).
 * Members that are `undefined` are left out; an array element with no JSON form is written
 * as nothing, as `Array.prototype.join` writes it; a value with no JSON form at all gives
 * `undefined`.
 *
 * Every TransactWriteItems from an SDK carries a token, so this runs on each: the keys of
 * every object are sorted in place on one shared stack (no array per object), each member
 * adds one cached `"key":` prefix and its value to the text, and a string that needs no
 * escaping is quoted without `JSON.stringify`.
 */
export function canonicalJson(value: unknown): string | undefined {
  keyCount = 0;
  const json = canonicalText(value, 0);
  if (keyStack.length > keptKeys) keyStack.length = 0;
  return json;
}

/**
 * The keys of the objects being written, innermost last, each object's sorted in place;
 * `keyCount` of them are in use. The array keeps its length between objects and calls
 * (setting an array's length is a slow call) unless a wide request grew it past `keptKeys`.
 */
const keyStack: string[] = [];
let keyCount = 0;
const keptKeys = 256;

/** A string JSON writes as it is between quotes: no quote, backslash, control character or surrogate. */
const needsEscaping = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Beyond this many keys an object's keys are sorted by `Array.prototype.sort` (insertion sort is quadratic). */
const insertionSortLimit = 16;

/**
 * Arrays and objects nested deeper than this are written by {@link deepText}, which keeps
 * its own stack: the members DynamoDB ignores are hashed too, and JSON.parse hands over
 * ignored junk nested 100,000 levels, which the recursion here would not survive. Every
 * value DynamoDB reads was already checked to nest at most 32 levels.
 */
const recursionLimit = 256;

function canonicalText(value: unknown, depth: number): string {
  if (typeof value === 'string') return needsEscaping.test(value) ? JSON.stringify(value) : `"${value}"`;
  if (value !== null && typeof value === 'object' && depth >= recursionLimit) return deepText(value);
  if (Array.isArray(value)) return arrayText(value, depth + 1);
  if (value !== null && typeof value === 'object') return objectText(value as Record<string, unknown>, depth + 1);
  return JSON.stringify(value);
}

function arrayText(elements: readonly unknown[], depth: number): string {
  let json = '[';
  for (let index = 0; index < elements.length; index++) {
    if (index > 0) json += ',';
    json += canonicalText(elements[index], depth) ?? '';
  }
  return `${json}]`;
}

/** Text written as it is, among the values on {@link deepText}'s stack. */
class Verbatim {
  constructor(readonly text: string) {}
}

/**
 * What {@link canonicalText} writes, without recursion: a stack of values still to write
 * and of punctuation between them, taken from the end.
 */
function deepText(root: object): string {
  let json = '';
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value instanceof Verbatim) {
      json += value.text;
    } else if (Array.isArray(value)) {
      json += '[';
      pending.push(new Verbatim(']'));
      for (let index = value.length - 1; index >= 0; index--) {
        // An element with no JSON form is written as nothing, as `join` writes it.
        const element: unknown = value[index];
        if (element !== undefined && typeof element !== 'function' && typeof element !== 'symbol')
          pending.push(element);
        if (index > 0) pending.push(new Verbatim(','));
      }
    } else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      json += '{';
      pending.push(new Verbatim('}'));
      let first = true;
      const members: unknown[] = [];
      for (const key of keys) {
        if (record[key] === undefined) continue;
        members.push(new Verbatim(first ? memberPrefix(key) : nextMemberPrefix(key)), record[key]);
        first = false;
      }
      for (let index = members.length - 1; index >= 0; index--) pending.push(members[index]);
    } else {
      json += canonicalText(value, 0);
    }
  }
  return json;
}

function objectText(record: Record<string, unknown>, depth: number): string {
  const start = keyCount;
  pushOwnKeys(record);
  const end = keyCount;
  sortKeys(start, end);
  let json = '{';
  for (let position = start; position < end; position++) {
    const key = keyStack[position];
    const member = record[key];
    if (member === undefined) continue;
    json += json.length === 1 ? memberPrefix(key) : nextMemberPrefix(key);
    json += canonicalText(member, depth);
  }
  keyCount = start;
  return `${json}}`;
}

/**
 * Pushes the own enumerable string keys, as `Object.keys` lists them. `for…in` reads
 * V8's cached key list without building an array; it also lists inherited enumerable
 * keys, so an object whose prototype is not a plain one goes through `Object.keys`.
 */
function pushOwnKeys(record: Record<string, unknown>): void {
  const prototype = Object.getPrototypeOf(record) as unknown;
  if (prototype === Object.prototype || prototype === null) {
    for (const key in record) keyStack[keyCount++] = key;
  } else {
    for (const key of Object.keys(record)) keyStack[keyCount++] = key;
  }
}

/** Sorts `keyStack[start, end)` as `Array.prototype.sort` sorts strings (by UTF-16 code units). */
function sortKeys(start: number, end: number): void {
  if (end - start > insertionSortLimit) {
    const sorted = keyStack.slice(start, end).sort();
    for (let offset = 0; offset < sorted.length; offset++) keyStack[start + offset] = sorted[offset];
    return;
  }
  for (let position = start + 1; position < end; position++) {
    const key = keyStack[position];
    let before = position - 1;
    while (before >= start && keyStack[before] > key) {
      keyStack[before + 1] = keyStack[before];
      before--;
    }
    keyStack[before + 1] = key;
  }
}

/** `"key":` and `,"key":` for the keys seen; the same few (`Put`, `Item`, `S`, attribute names) come back on every request. */
const firstPrefixes = new Map<string, string>();
const nextPrefixes = new Map<string, string>();
const maximumCachedPrefixes = 1000;

function memberPrefix(key: string): string {
  let prefix = firstPrefixes.get(key);
  if (prefix === undefined) {
    prefix = `${JSON.stringify(key)}:`;
    if (firstPrefixes.size < maximumCachedPrefixes) firstPrefixes.set(key, prefix);
  }
  return prefix;
}

function nextMemberPrefix(key: string): string {
  let prefix = nextPrefixes.get(key);
  if (prefix === undefined) {
    prefix = `,${JSON.stringify(key)}:`;
    if (nextPrefixes.size < maximumCachedPrefixes) nextPrefixes.set(key, prefix);
  }
  return prefix;
}
