/**
 * Deep equality that also holds key order (the engine reads members in order, which can
 * decide which validation error it reports), prototypes, byte arrays' class and content, and
 * sets' members in order.
 * Unlike `toStrictEqual`, it is not confused by members named `constructor`. With
 * `descriptors`, members must also agree on being enumerable and writable.
 */
export function expectIdentical(
  actual: unknown,
  expected: unknown,
  options: { readonly descriptors?: boolean } = {},
  path = '$',
): void {
  if (Object.is(actual, expected)) return;
  const fail = (why: string): never => {
    throw new Error(`${path}: ${why}\nactual:   ${shown(actual)}\nexpected: ${shown(expected)}`);
  };
  if (actual === null || expected === null || typeof actual !== 'object' || typeof expected !== 'object')
    fail('values differ');
  const left = actual as Record<string, unknown>;
  const right = expected as Record<string, unknown>;
  if (Object.getPrototypeOf(left) !== Object.getPrototypeOf(right)) fail('prototypes differ');
  if (left instanceof Uint8Array) {
    if (!Buffer.from(left).equals(Buffer.from(right as unknown as Uint8Array))) fail('bytes differ');
    return;
  }
  // A set's members, in their order, are all it holds.
  if (left instanceof Set)
    expectIdentical([...left], [...(right as unknown as Set<unknown>)], options, `${path}.<members>`);
  const leftKeys = Reflect.ownKeys(left);
  const rightKeys = Reflect.ownKeys(right);
  if (leftKeys.join('\u0000') !== rightKeys.join('\u0000'))
    fail(`keys differ: ${leftKeys.join(',')} / ${rightKeys.join(',')}`);
  for (const key of leftKeys) {
    if (typeof key === 'symbol') continue;
    if (options.descriptors) {
      const leftDescriptor = Object.getOwnPropertyDescriptor(left, key)!;
      const rightDescriptor = Object.getOwnPropertyDescriptor(right, key)!;
      if (
        leftDescriptor.enumerable !== rightDescriptor.enumerable ||
        leftDescriptor.writable !== rightDescriptor.writable
      ) {
        fail(`descriptor of ${key} differs`);
      }
      expectIdentical(leftDescriptor.value, rightDescriptor.value, options, `${path}.${key}`);
    } else {
      expectIdentical(left[key], right[key], options, `${path}.${key}`);
    }
  }
}

function shown(value: unknown): string {
  try {
    return String(JSON.stringify(value));
  } catch {
    return String(value);
  }
}
