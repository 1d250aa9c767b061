import { javaTypeOf } from './serialization-messages.js';
import type { Shape } from './shape.js';

/**
 * A stable stand-in for Java's identity hash code: DynamoDB renders structures as
 * `com.amazonaws.dynamodb.v20120810.WriteRequest@1b2c3d4e`, whose suffix no client can
 * predict, so any eight hex digits serve.
 */
function identityHash(value: unknown): string {
  let hash = 0x811c9dc5;
  for (const character of JSON.stringify(value) ?? '') {
    hash = Math.imul(hash ^ (character.codePointAt(0) as number), 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

/** A value as Java's `toString` writes it, without the quotes Coral adds around it. */
function javaString(value: unknown, shape: Shape | undefined): string {
  if (value === null || value === undefined) return 'null';
  if (shape?.kind === 'structure' || shape?.kind === 'attributeValue') {
    return `${javaTypeOf(shape)}@${identityHash(value)}`;
  }
  if (Array.isArray(value)) {
    const member = shape?.kind === 'list' ? shape.member : undefined;
    return `[${value.map((element) => javaString(element, member)).join(', ')}]`;
  }
  if (typeof value === 'object') {
    const valueShape = shape?.kind === 'map' ? shape.value : undefined;
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([key, entry]) => `${key}=${javaString(entry, valueShape)}`).join(', ')}}`;
  }
  return String(value);
}

/**
 * How Coral shows the offending value in a constraint message: `null` bare, anything else
 * quoted (`'ab'`, `'0'`, `'[a, b]'`, `'{table=[]}'`).
 */
export function renderValue(value: unknown, shape: Shape): string {
  if (value === null || value === undefined) return 'null';
  return `'${javaString(value, shape)}'`;
}
