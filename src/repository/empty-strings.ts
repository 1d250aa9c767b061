import type { EmptyStringPolicy } from '../model/table.js';
import { ValidationError } from './errors.js';

/**
 * Applies the table's empty-string policy to non-key attributes: `'omit'` drops empty strings
 * (also inside nested maps), `'reject'` throws a {@link ValidationError} naming them, `'keep'`
 * leaves them.
 */
export function applyEmptyStringPolicy(
  entity: string,
  policy: EmptyStringPolicy,
  item: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  if (policy === 'keep') return { ...item };
  const found: string[][] = [];
  const cleaned = clean(item, [], found) as Record<string, unknown>;
  if (policy === 'reject' && found.length > 0) {
    throw new ValidationError(
      entity,
      found.map((path) => ({ attribute: path[0], message: 'Empty strings are rejected by the table policy', path })),
    );
  }
  return cleaned;
}

function clean(value: unknown, path: string[], found: string[][]): unknown {
  if (Array.isArray(value)) return value.map((element, i) => clean(element, [...path, String(i)], found));
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array || value instanceof Set) return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    if (inner === '') {
      found.push([...path, name]);
      continue;
    }
    out[name] = clean(inner, [...path, name], found);
  }
  return out;
}
