import { validationError } from '../errors.js';

/** `#name` / `:value` tokens are at most 255 characters long (Java's String length). */
const maximumTokenLength = 255;
/** Attribute names are shorter than 64 KB. */
const maximumNameBytes = 65535;

function checkKeys(map: Readonly<Record<string, unknown>>, member: string, syntax: RegExp): void {
  for (const key in map) {
    if (!Object.hasOwn(map, key)) continue;
    const size = key.length;
    if (size > maximumTokenLength) {
      // Only the names message gives the size.
      const detail = member === 'ExpressionAttributeNames' ? ` size of key: ${size}` : '';
      throw validationError(
        `${member} contains invalid key: The expression attribute map contains a key that is too long;${detail}`,
      );
    }
    if (!syntax.test(key)) throw validationError(`${member} contains invalid key: Syntax error; key: "${key}"`);
  }
}

function isEmptyMap(map: Readonly<Record<string, unknown>>): boolean {
  for (const key in map) if (Object.hasOwn(map, key)) return false;
  return true;
}

const NAME_KEY_SYNTAX = /^#[A-Za-z0-9_]+$/;
const VALUE_KEY_SYNTAX = /^:[A-Za-z0-9_]+$/;

/**
 * The checks DynamoDB makes on `ExpressionAttributeNames` and `ExpressionAttributeValues`
 * before it looks at any expression, in its order: empty maps, then every key of the names
 * and of the values (length, then syntax), then the attribute names the names stand for.
 * The values themselves are validated after this. Runs on every request with an
 * expression: the maps are walked with `for…in` over own keys, which builds no key arrays.
 */
export function checkExpressionAttributeMaps(
  names: Readonly<Record<string, string>> | undefined,
  values: Readonly<Record<string, unknown>> | undefined,
): void {
  if (names !== undefined && isEmptyMap(names)) {
    throw validationError('ExpressionAttributeNames must not be empty');
  }
  if (values !== undefined && isEmptyMap(values)) {
    throw validationError('ExpressionAttributeValues must not be empty');
  }
  if (names !== undefined) checkKeys(names, 'ExpressionAttributeNames', NAME_KEY_SYNTAX);
  if (values !== undefined) checkKeys(values, 'ExpressionAttributeValues', VALUE_KEY_SYNTAX);
  if (names === undefined) return;
  for (const key in names) {
    if (!Object.hasOwn(names, key)) continue;
    const name = names[key];
    const problem =
      name === ''
        ? 'Empty attribute name'
        : // UTF-8 takes at most 3 bytes per UTF-16 unit: short names need no byte count.
          !(typeof name === 'string' && name.length * 3 <= maximumNameBytes) &&
            Buffer.byteLength(name, 'utf8') > maximumNameBytes
          ? 'Attribute name is too large, must be less than 65536 bytes'
          : undefined;
    if (problem) throw validationError(`ExpressionAttributeNames contains invalid value: ${problem} for key ${key}`);
  }
}
