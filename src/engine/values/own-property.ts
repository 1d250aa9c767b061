/**
 * `record[name] = value` for names that come from user data. `__proto__` is a legal
 * attribute name in DynamoDB, and a plain assignment of it would replace the object's
 * prototype instead of adding the attribute.
 *
 * @example
 * setOwnProperty(item, '__proto__', { S: 'x' }); // Object.hasOwn(item, '__proto__') === true
 */
export function setOwnProperty<T>(record: Record<string, T>, name: string, value: T): void {
  if (name === '__proto__')
    Object.defineProperty(record, name, { value, writable: true, enumerable: true, configurable: true });
  else record[name] = value;
}
