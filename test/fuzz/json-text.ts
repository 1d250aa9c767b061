/** A value opened, its members still to write: the keys (objects) or the next index (arrays). */
interface Open {
  readonly value: unknown[] | Record<string, unknown>;
  readonly keys: readonly string[] | undefined;
  next: number;
}

/**
 * `JSON.stringify(value)` for plain JSON values (no `toJSON`, no undefined members) of any
 * depth: the fuzz tests send requests nested 100,000 levels, past JSON.stringify's recursion.
 */
export function jsonText(root: unknown): string {
  const parts: string[] = [];
  const stack: Open[] = [];
  const open = (value: unknown): void => {
    if (Array.isArray(value)) {
      parts.push('[');
      stack.push({ value, keys: undefined, next: 0 });
    } else if (value !== null && typeof value === 'object') {
      parts.push('{');
      stack.push({ value: value as Record<string, unknown>, keys: Object.keys(value), next: 0 });
    } else {
      parts.push(JSON.stringify(value) ?? 'null');
    }
  };
  open(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Open;
    const count = top.keys === undefined ? (top.value as unknown[]).length : top.keys.length;
    if (top.next === count) {
      parts.push(top.keys === undefined ? ']' : '}');
      stack.pop();
      continue;
    }
    if (top.next > 0) parts.push(',');
    const index = top.next++;
    if (top.keys === undefined) {
      open((top.value as unknown[])[index]);
    } else {
      const key = top.keys[index] as string;
      parts.push(`${JSON.stringify(key)}:`);
      open((top.value as Record<string, unknown>)[key]);
    }
  }
  return parts.join('');
}
