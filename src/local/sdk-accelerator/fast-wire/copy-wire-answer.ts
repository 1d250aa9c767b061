import { types } from 'node:util';

/**
 * A copy of an engine answer that the SDK's deserializer may convert in place, equal to what
 * `structuredClone` gives, made in JavaScript for the plain data engine answers hold.
 *
 * Contract: for a value made only of primitives (other than symbols), arrays without holes or
 * extra properties, and objects (no proxies) whose prototype is `Object.prototype` or `null` with no own
 * `__proto__` key, the result is what `structuredClone(value)` returns: every array and object
 * fresh, with the same own enumerable string keys in the same order, the prototype `structuredClone` gives
 * (`Object.prototype`, also for an object without one), and
 * the same sharing (an object reached twice is copied once, cycles included). For anything
 * else, `structuredClone` itself makes the copy (and throws what it throws). A table
 * description of a table with one GSI took 7.8 µs through `structuredClone` and 0.8 µs copied
 * this way (docs/performance.md).
 */
export function copyWireAnswer<T>(value: T): T {
  if (value === null || typeof value !== 'object')
    return typeof value === 'symbol' || typeof value === 'function' ? structuredClone(value) : value;
  const copies = new Map<object, unknown>();
  const copy = copyValue(value, copies);
  return copy === NOT_PLAIN ? structuredClone(value) : (copy as T);
}

const NOT_PLAIN = Symbol('not plain data');

function copyValue(value: unknown, copies: Map<object, unknown>): unknown {
  if (value === null) return value;
  const type = typeof value;
  if (type === 'symbol' || type === 'function') return NOT_PLAIN;
  if (type !== 'object') return value;
  const object = value as object;
  // structuredClone refuses proxies; so does this copy, by leaving them to it.
  if (types.isProxy(object)) return NOT_PLAIN;
  const known = copies.get(object);
  if (known !== undefined) return known;
  if (Array.isArray(object)) {
    const keys = Object.keys(object);
    if (keys.length !== object.length || Object.getPrototypeOf(object) !== Array.prototype) return NOT_PLAIN;
    const out: unknown[] = new Array(object.length);
    copies.set(object, out);
    for (let index = 0; index < object.length; index++) {
      const item = copyValue(object[index], copies);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      out[index] = item;
    }
    return out;
  }
  const prototype = Object.getPrototypeOf(object);
  if (prototype !== Object.prototype && prototype !== null) return NOT_PLAIN;
  // structuredClone copies own enumerable string keys only; symbol keys are left out alike.
  const keys = Object.keys(object);
  // structuredClone gives a null-prototype object Object.prototype too.
  const out: Record<string, unknown> = {};
  copies.set(object, out);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    if (key === '__proto__') return NOT_PLAIN;
    const item = copyValue((object as Record<string, unknown>)[key], copies);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    out[key] = item;
  }
  return out;
}
