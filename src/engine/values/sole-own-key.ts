const hasOwnProperty = Object.prototype.hasOwnProperty;

/**
 * The name of the object's only own enumerable member; `undefined` when it has none or
 * several. An attribute value usually has one member (its type), and this finds it
 * without building the list of member names, an allocation per value on hot paths.
 * `hasOwnProperty.call` inside `for…in` is answered from the loop's enum cache.
 */
export function soleOwnKey(value: object): string | undefined {
  let only: string | undefined;
  for (const key in value) {
    if (!hasOwnProperty.call(value, key)) continue;
    if (only !== undefined) return undefined;
    only = key;
  }
  return only;
}
