/**
 * JSON text of key values and conditions for messages and listing identities. Key parts may be
 * bigints (`KeyPartValue`), which `JSON.stringify` refuses with a TypeError; they are written as
 * their decimal digits, the text the key template renders.
 *
 * @example
 * jsonText({ height: 12345678901234567891n }) // '{"height":"12345678901234567891"}'
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));
}
