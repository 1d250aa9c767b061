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

/**
 * Whether `value` is an object other than an array, whatever its prototype: what a JSON
 * object may be once it reaches code that takes values from any caller (an object made in
 * another realm, such as a test runner's `vm` context, has another `Object.prototype`).
 *
 * @example
 * isObjectRecord({ S: 'a' }); // → true
 * isObjectRecord([1]);        // → false
 */
export function isObjectRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
