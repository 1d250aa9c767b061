/**
 * Whether `value` is a plain object: what an object literal or `JSON.parse` makes (prototype
 * `Object.prototype`), or `Object.create(null)`. Arrays, class instances, boxed primitives,
 * `Date`s and `Map`s are not.
 *
 * @example
 * isPlainObject({ S: 'a' }); // → true
 * isPlainObject([1]);        // → false
 * isPlainObject(new Date()); // → false
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
