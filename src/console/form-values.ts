import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * A form field's text as the value the attribute's schema takes: the text itself when the schema
 * accepts it, else the first of a number, `true`/`false`, or JSON that it accepts; the text when
 * none is (the repository's validation then names the field's error). An asynchronous schema
 * gets the text.
 *
 * @example
 * fieldValue(z.number().int(), '42') // 42
 * fieldValue(z.string(), '42') // '42'
 */
export function fieldValue(schema: StandardSchemaV1 | undefined, text: string): unknown {
  if (!schema) return text;
  const accepts = (value: unknown): boolean => {
    const result = schema['~standard'].validate(value);
    return !(result instanceof Promise) && result.issues === undefined;
  };
  if (accepts(text)) return text;
  const candidates: unknown[] = [];
  const trimmed = text.trim();
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) candidates.push(Number(trimmed));
  if (trimmed === 'true' || trimmed === 'false') candidates.push(trimmed === 'true');
  try {
    candidates.push(JSON.parse(trimmed));
  } catch {
    // Not JSON: the text stays a candidate of its own.
  }
  return candidates.find(accepts) ?? text;
}

/** A stored value as the text a form field shows (the inverse of {@link fieldValue} for plain values). */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, (_key, member: unknown) => (member instanceof Set ? [...member] : member));
}
