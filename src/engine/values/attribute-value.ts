/**
 * DynamoDB attribute values in wire JSON form, exactly as they travel in
 * `DynamoDB_20120810` requests: numbers are decimal strings, binaries are base64 strings.
 * The engine works on this form end to end; the in-process client converts the SDK's
 * `Uint8Array` binaries to and from base64 at the boundary.
 */
export type AttributeValue =
  | { S: string }
  | { N: string }
  | { B: string }
  | { BOOL: boolean }
  | { NULL: true }
  | { L: AttributeValue[] }
  | { M: AttributeMap }
  | { SS: string[] }
  | { NS: string[] }
  | { BS: string[] };

export type AttributeMap = Record<string, AttributeValue>;

/** A whole item, or a key (the key attributes only). */
export type Item = AttributeMap;

export type AttributeTypeName = 'S' | 'N' | 'B' | 'BOOL' | 'NULL' | 'L' | 'M' | 'SS' | 'NS' | 'BS';

/** The only types a key attribute may have. */
export type ScalarKeyType = 'S' | 'N' | 'B';

/** The single type tag of a value (`{ S: 'x' }` → `'S'`). */
export function typeOf(value: AttributeValue): AttributeTypeName {
  for (const key in value) return key as AttributeTypeName;
  throw new TypeError('empty attribute value');
}
