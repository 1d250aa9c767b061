import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/**
 * A Query's `LastEvaluatedKey` as URL-safe text, so the next page has its own address.
 * Binary key values travel as base64 (`{ B64: … }`).
 */
export function encodeStartKey(key: Readonly<Record<string, AttributeValue>>): string {
  const plain: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(key))
    plain[name] = value.B !== undefined ? { B64: Buffer.from(value.B).toString('base64') } : value;
  return Buffer.from(JSON.stringify(plain)).toString('base64url');
}

/** The key back from {@link encodeStartKey}'s text, or undefined when the text is not one. */
export function decodeStartKey(text: string): Record<string, AttributeValue> | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const out: Record<string, AttributeValue> = {};
    for (const [name, value] of Object.entries(parsed as Record<string, Record<string, unknown>>)) {
      if (typeof value?.S === 'string') out[name] = { S: value.S };
      else if (typeof value?.N === 'string') out[name] = { N: value.N };
      else if (typeof value?.B64 === 'string') out[name] = { B: Buffer.from(value.B64, 'base64') };
      else return undefined;
    }
    return out;
  } catch {
    return undefined;
  }
}
