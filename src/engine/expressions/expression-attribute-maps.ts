import { validationError } from '../errors.js';

/** `#name` / `:value` tokens are at most 255 characters long (Java's String length). */
const maximumTokenLength = 255;
/** Attribute names are shorter than 64 KB. */
const maximumNameBytes = 65535;

function checkKeys(map: Readonly<Record<string, unknown>>, member: string, syntax: RegExp): void {
  for (const key of Object.keys(map)) {
    const size = key.length;
    if (size > maximumTokenLength) {
      // Only the names message gives the size.
      const detail = member === 'ExpressionAttributeNames' ? ` size of key: ${size}` : '';
      throw validationError(`${member} contains invalid key: The expression attribute map contains a key that is too long;${detail}`);
    }
    if (!syntax.test(key)) throw validationError(`${member} contains invalid key: Syntax error; key: "${key}"`);
  }
}

/**
 * The checks DynamoDB makes on `ExpressionAttributeNames` and `ExpressionAttributeValues`
 * before it looks at any expression, in its order: empty maps, then every key of the names
 * and of the values (length, then syntax), then the attribute names the names stand for.
 * The values themselves are validated after this.
 */
export function checkExpressionAttributeMaps(
  names: Readonly<Record<string, string>> | undefined,
  values: Readonly<Record<string, unknown>> | undefined,
): void {
  if (names !== undefined && Object.keys(names).length === 0) {
    throw validationError('ExpressionAttributeNames must not be empty');
  }
  if (values !== undefined && Object.keys(values).length === 0) {
    throw validationError('ExpressionAttributeValues must not be empty');
  }
  checkKeys(names ?? {}, 'ExpressionAttributeNames', /^#[A-Za-z0-9_]+$/);
  checkKeys(values ?? {}, 'ExpressionAttributeValues', /^:[A-Za-z0-9_]+$/);
  for (const [key, name] of Object.entries(names ?? {})) {
    const problem =
      name === ''
        ? 'Empty attribute name'
        : Buffer.byteLength(name, 'utf8') > maximumNameBytes
          ? 'Attribute name is too large, must be less than 65536 bytes'
          : undefined;
    if (problem) throw validationError(`ExpressionAttributeNames contains invalid value: ${problem} for key ${key}`);
  }
}
