/**
 * Escaping of values placed inside composite keys. A value containing the separator (`#`) would
 * otherwise split into two key parts (`DOC#a#b#1` — is the kind `a#b` or `a`?), so the separator
 * and the escape character itself are percent-encoded. Everything else is left as is so keys stay
 * readable in the console.
 */
const ESCAPE = '%';

/** Escapes `value` for use between `separator`s. `escapeKeyValue('a#b', '#')` → `'a%23b'`. */
export function escapeKeyValue(value: string, separator: string): string {
  let out = '';
  for (const char of value) {
    out += char === ESCAPE || separator.includes(char) ? percentEncode(char) : char;
  }
  return out;
}

/** Reverses {@link escapeKeyValue}. `unescapeKeyValue('a%23b')` → `'a#b'`. */
export function unescapeKeyValue(value: string): string {
  return value.includes(ESCAPE) ? decodeURIComponent(value) : value;
}

function percentEncode(char: string): string {
  return Array.from(Buffer.from(char, 'utf8'), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(
    '',
  );
}
