/** Strings up to this long are measured in JavaScript; past about a dozen characters Node's native count is faster. */
const longestMeasuredHere = 12;

/**
 * `Buffer.byteLength(text, 'utf8')`, faster for the short ASCII strings that attribute
 * names and type-tagged short values are: a loop over a few characters beats the native call.
 */
export function utf8Length(text: string): number {
  const length = text.length;
  if (length > longestMeasuredHere) return Buffer.byteLength(text, 'utf8');
  for (let index = 0; index < length; index++) {
    if (text.charCodeAt(index) >= 0x80) return Buffer.byteLength(text, 'utf8');
  }
  return length;
}
