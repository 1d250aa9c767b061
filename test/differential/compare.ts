/** Deep comparison of two normalized answers, reporting the first difference as a path. */

function short(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

function kindOf(value: unknown): string {
  return Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
}

/** `null` when equal, else `path: reference … ours …` for the first difference. */
export function firstDifference(reference: unknown, ours: unknown, path = 'answer'): string | null {
  if (reference === ours) return null;
  const kind = kindOf(reference);
  if (kind !== kindOf(ours)) return `${path}: DynamoDB Local ${short(reference)}, engine ${short(ours)}`;
  if (kind === 'array') {
    const a = reference as unknown[];
    const b = ours as unknown[];
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const difference = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (difference) return difference;
    }
    if (a.length !== b.length) return `${path}: DynamoDB Local has ${a.length} elements, engine ${b.length}`;
    return null;
  }
  if (kind === 'object') {
    const a = reference as Record<string, unknown>;
    const b = ours as Record<string, unknown>;
    for (const key of Object.keys(a)) {
      if (!(key in b)) return `${path}.${key}: missing in engine (DynamoDB Local ${short(a[key])})`;
      const difference = firstDifference(a[key], b[key], `${path}.${key}`);
      if (difference) return difference;
    }
    for (const key of Object.keys(b)) if (!(key in a)) return `${path}.${key}: only in engine (${short(b[key])})`;
    return null;
  }
  return `${path}: DynamoDB Local ${short(reference)}, engine ${short(ours)}`;
}
