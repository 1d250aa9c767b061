import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { plainImage } from '../repository/stream-image.js';

/**
 * A plain value as DynamoDB JSON, as the DocumentClient would send it: strings `S`, numbers and
 * bigints `N`, booleans `BOOL`, null `NULL`, bytes `B` (base64 in JSON), arrays `L`, objects
 * `M`, sets `SS`/`NS`/`BS`. For showing requests as AWS CLI lines and items as stored.
 *
 * @example
 * toAttributeValue({ id: '1', n: 2 }) // { M: { id: { S: '1' }, n: { N: '2' } } }
 */
export function toAttributeValue(value: unknown): AttributeValue {
  if (value === null || value === undefined) return { NULL: true };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number' || typeof value === 'bigint') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (value instanceof Uint8Array) return { B: value };
  if (Array.isArray(value)) return { L: value.map(toAttributeValue) };
  if (value instanceof Set) {
    const members = [...value];
    if (members.every((member) => typeof member === 'string')) return { SS: members };
    if (members.every((member) => member instanceof Uint8Array)) return { BS: members };
    return { NS: members.map(String) };
  }
  return { M: toAttributeMap(value as Record<string, unknown>) };
}

/** Each attribute of a plain item as DynamoDB JSON. */
export function toAttributeMap(item: Readonly<Record<string, unknown>>): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(item)) if (value !== undefined) out[name] = toAttributeValue(value);
  return out;
}

/** A stored item (DynamoDB JSON) as plain values. */
export function plainItem(item: Readonly<Record<string, AttributeValue>>): Record<string, unknown> {
  return plainImage(item);
}

/**
 * JSON text of values that JSON.stringify cannot take as they are: bytes as base64, bigints as
 * their digits, sets as arrays.
 */
export function jsonText(value: unknown, indent = 2): string {
  return JSON.stringify(
    value,
    (_key, member: unknown) => {
      if (typeof member === 'bigint') return member.toString();
      if (member instanceof Set) return [...member];
      if (member instanceof Uint8Array) return Buffer.from(member).toString('base64');
      return member;
    },
    indent,
  );
}
