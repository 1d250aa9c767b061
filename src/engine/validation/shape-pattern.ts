/*
 * The patterns of the request shapes' string constraints, compiled once each. The shapes
 * are module constants, so this holds one entry per pattern they name, and never more.
 * The expressions are used with `test` only, and have no `g` or `y` flag: they keep no state.
 */
const patterns = new Map<string, RegExp>();

/**
 * The compiled form of a shape's pattern, anchored.
 *
 * @example
 * patternRegExp('[a-zA-Z0-9_.-]+').test('my_table'); // → true
 */
export function patternRegExp(pattern: string): RegExp {
  let compiled = patterns.get(pattern);
  if (compiled === undefined) {
    compiled = new RegExp(`^(?:${pattern})$`, 'u');
    patterns.set(pattern, compiled);
  }
  return compiled;
}
